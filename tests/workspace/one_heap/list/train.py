import numpy as np
from models import LAYERS

x = np.ones((4, 16))
h = x @ LAYERS[0]
out = h @ LAYERS[1]
loss = out @ np.ones((8, 1))
