def numbers():
    n = 0
    while n < 5:
        n += 1
        yield n


g = numbers()
a = next(g)
b = next(g)
rest = list(g)
again = list(numbers())
print(a, b, rest, again)
