import numpy as np

u = np.arange(3)
v = np.arange(4)
outer = np.outer(u, v)
es = np.einsum("i,j->ij", u, v)
m = np.ones((2, 3))
trace_like = np.einsum("ij,ij->", m, m)
print(outer.shape, es.shape, float(trace_like))
