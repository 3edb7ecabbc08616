import numpy as np

a = np.ones((2, 3))
b = np.ones((4, 5))
try:
    c = a @ b
    status = "no error"
except ValueError:
    status = "caught"
print(status)
