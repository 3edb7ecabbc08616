import numpy as np

chunks = []
total = 0
for size in (3, 1, 4, 1, 5):
    chunks.append(np.zeros((size, 2)))
    total += size
merged = np.concatenate(chunks)
print(merged.shape, total)
