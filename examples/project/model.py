"""A two-layer perceptron: its weights and its activation."""

import numpy as np

import config


def init_params(seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0.0, 0.01, (config.IMAGE_SIDE * config.IMAGE_SIDE, config.HIDDEN_UNITS))
    w2 = rng.normal(0.0, 0.01, (config.CLASSES, config.HIDDEN_UNITS))
    return w1, w2


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)
