config = {"layers": [{"units": 64}, {"units": 32}], "name": "net"}
units = [layer["units"] for layer in config["layers"]]
config["layers"].append({"units": 8})
count = len(config["layers"])
config["layers"][0]["units"] *= 2
first = config["layers"][0]["units"]
print(units, count, first)
