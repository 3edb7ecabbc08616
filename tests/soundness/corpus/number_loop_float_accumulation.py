total = 0.0
for _ in range(10):
    total += 0.1
close = abs(total - 1.0) < 1e-9
scaled = [i / 4 for i in range(5)]
print(total, close, scaled)
