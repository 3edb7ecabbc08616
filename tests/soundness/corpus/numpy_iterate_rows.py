import numpy as np

m = np.arange(6).reshape(3, 2)
rows = []
for row in m:
    rows.append(row.shape)
norms = [float(np.sum(r * r)) for r in m]
print(rows, norms)
