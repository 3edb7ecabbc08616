import numpy as np

a = np.zeros(3)
alias = a
a += 1
view = a[:2]
view *= 5
b = a
a = a + 1
print(alias, b is alias, a is alias)
