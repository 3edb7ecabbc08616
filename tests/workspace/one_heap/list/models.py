import numpy as np

LAYERS = [np.zeros((16, 32)), np.zeros((32, 10))]
