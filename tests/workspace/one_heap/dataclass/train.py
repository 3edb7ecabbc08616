import numpy as np
from config import Config

cfg = Config()
W = np.zeros((cfg.hidden, cfg.classes))
x = np.ones((4, 16))
y = x @ W
