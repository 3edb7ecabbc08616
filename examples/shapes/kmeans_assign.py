"""k-means clustering of 2-D points.

The centroid update selects members with a mask over the wrong axis.
"""

import numpy as np

rng = np.random.default_rng(1)
points = rng.normal(size=(500, 2))
k = 4
centroids = points[rng.choice(len(points), size=k, replace=False)]

for iteration in range(10):
    distances = ((points[:, None, :] - centroids[None, :, :]) ** 2).sum(axis=2)
    labels = distances.argmin(axis=1)
    for cluster in range(k):
        members = points[:, labels == cluster]  # BUG: the mask selects rows, not columns
        centroids[cluster] = members.mean(axis=0)
