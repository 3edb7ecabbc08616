import numpy as np
from models import make_layer

layer = make_layer(32, 10)
y = layer(np.ones((4, 16)))
