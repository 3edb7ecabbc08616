import numpy as np

x = np.linspace(0, 1, 5)
y = np.sin(x) + np.cos(x) ** 2
z = np.exp(-x) * np.sqrt(x + 1)
clipped = np.clip(y, 0.2, 0.8)
where = np.where(x > 0.5, x, -x)
print(x.shape, y.shape, z.shape, clipped.shape, where.shape, round(float(x[1]), 2))
