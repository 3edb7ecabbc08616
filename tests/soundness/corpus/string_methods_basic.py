s = "  Hello, World  "
parts = (
    s.strip(),
    s.lower(),
    s.upper(),
    s.strip().split(", "),
    s.replace("l", "L"),
    s.count("l"),
    s.find("World"),
    s.find("zzz"),
    s.strip().startswith("Hello"),
    s.endswith("  "),
    s.strip().title(),
    s.isspace(),
)
print(parts)
