x = 10
squares = [x * x for x in range(4)]
after = x
pairs = {k: v for k, v in zip("ab", (1, 2))}
nested = [[i * j for j in range(3)] for i in range(2)]
total = sum(x for x in range(5))
print(squares, after, pairs, nested, total)
