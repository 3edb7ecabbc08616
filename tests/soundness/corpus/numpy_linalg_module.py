import numpy as np

m = np.array([[2.0, 1.0], [1.0, 3.0]])
inv = np.linalg.inv(m)
det = np.linalg.det(m)
norm = np.linalg.norm(m)
solved = np.linalg.solve(m, np.ones(2))
print(inv.shape, round(float(det), 3), round(float(norm), 3), solved.shape)
