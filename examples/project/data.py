"""A batch of random images and labels of the sizes in config.py."""

import numpy as np

from config import BATCH_SIZE, CLASSES, IMAGE_SIDE


def load_batch(seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    images = rng.random((BATCH_SIZE, IMAGE_SIDE, IMAGE_SIDE))
    labels = rng.integers(0, CLASSES, size=BATCH_SIZE)
    return images, labels
