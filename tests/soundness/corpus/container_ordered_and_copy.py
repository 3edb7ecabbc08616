import copy

original = {"list": [1, 2], "n": 1}
shallow = copy.copy(original)
deep = copy.deepcopy(original)
original["list"].append(3)
original["n"] = 2
print(shallow, deep)
