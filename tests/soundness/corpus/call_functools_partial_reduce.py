import functools

add3 = functools.partial(lambda a, b, c: a + b + c, 1, 2)
value = add3(3)
product = functools.reduce(lambda x, y: x * y, [1, 2, 3, 4])
joined = functools.reduce(lambda acc, s: acc + s, ["a", "b"], "")
print(value, product, joined)
