import numpy as np

x = np.ones((2, 2))
shapes = []
for _ in range(3):
    x = np.concatenate([x, x], axis=0)
    shapes.append(x.shape)
print(shapes)
