settings = {"model": {"layers": 3}}
layers = settings.get("model", {}).get("layers", 1)
missing = settings.get("data", {}).get("size", 128)
print(layers, missing)
