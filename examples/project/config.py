"""Sizes of a small image classifier, shared by the other modules."""

BATCH_SIZE = 64
IMAGE_SIDE = 28
HIDDEN_UNITS = 128
CLASSES = 10
