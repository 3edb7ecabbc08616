squares = {n: n * n for n in range(5) if n % 2 == 0}
inverted = {v: k for k, v in squares.items()}
keys_sum = 0
for key in squares:
    keys_sum += key
ordered = list(squares)
print(squares, inverted, keys_sum, ordered)
