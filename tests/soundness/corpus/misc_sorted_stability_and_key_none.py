records = [("b", 1), ("a", 1), ("c", 0)]
stable = sorted(records, key=lambda r: r[1])
plain = sorted(["b", "A", "a"])
ci = sorted(["b", "A", "a"], key=str.lower)
print(stable, plain, ci)
