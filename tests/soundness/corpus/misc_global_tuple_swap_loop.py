a, b = 0, 1
sequence = []
for _ in range(10):
    sequence.append(a)
    a, b = b, a + b
print(sequence, a, b)
