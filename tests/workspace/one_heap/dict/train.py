import numpy as np
from config import CONFIG
from models import build

W = build(CONFIG)
x = np.ones((4, 16))
y = x @ W
