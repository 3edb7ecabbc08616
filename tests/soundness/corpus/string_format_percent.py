a = "%s and %d" % ("x", 5)
b = "%.1f%%" % 12.345
c = "{} {}".format("one", 2)
d = "{name}:{count:03}".format(name="n", count=7)
e = "%(k)s" % {"k": "mapped"}
print(a, b, c, d, e)
