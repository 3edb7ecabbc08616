import numpy as np


def centre(points: np.ndarray) -> np.ndarray:
    return points - points.mean(axis=0)


out = centre(np.ones((10, 3)))
print(out.shape)
