class Defaulting(dict):
    def __missing__(self, key):
        return len(key)


d = Defaulting(a=1)
present = d["a"]
missing = d["abc"]
via_get = d.get("abc")
print(present, missing, via_get, len(d))
