"""Corpus blocks of classical statistics, fitted without gradients, and of evaluation metrics.

k-means (Lloyd's algorithm), PCA by eigendecomposition and by SVD, Gaussian naive Bayes, and
classification metrics (confusion matrix, precision/recall/F1, ROC AUC, log loss). Each block is a
``(Variation) -> Block`` (see ``corpus_rendering``) whose code calls only NumPy and the helpers of
``corpus_blocks.PREAMBLE``; every shape agrees, so the rendered code runs under real NumPy without
errors.
"""

from __future__ import annotations

from corpus_rendering import Block, Variation, render


def kmeans_block(v: Variation) -> Block:
    """Lloyd's k-means with k-means++-style seeding by distance and an inertia score."""
    text = '''
class ${C}KMeans:
    """Lloyd's algorithm over ${d}-dimensional ${p} readings."""

    def __init__(self, n_clusters, max_iterations=${iters}, tolerance=${tol}):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, ${d}))

    def _initial_centroids(self, points, rng):
        centroids = [points[rng.integers(points.shape[0])]]
        for _ in range(1, self.n_clusters):
            gaps = np.min(
                np.sum((points[:, None, :] - np.array(centroids)[None, :, :]) ** 2, axis=2), axis=1
            )
            centroids.append(points[int(np.argmax(gaps))])
        return np.stack(centroids)

    def assign(self, points):
        distances = np.sum((points[:, None, :] - self.centroids[None, :, :]) ** 2, axis=2)
        return np.argmin(distances, axis=1), distances

    def fit(self, points, rng):
        self.centroids = self._initial_centroids(points, rng)
        for _ in range(self.max_iterations):
            assignment, _ = self.assign(points)
            updated = self.centroids.copy()
            for cluster in range(self.n_clusters):
                members = points[assignment == cluster]
                if members.shape[0] > 0:
                    updated[cluster] = members.mean(axis=0)
            shift = float(np.max(np.linalg.norm(updated - self.centroids, axis=1)))
            self.centroids = updated
            if shift < self.tolerance:
                break
        return self

    def inertia(self, points):
        assignment, distances = self.assign(points)
        return float(np.sum(distances[np.arange(points.shape[0]), assignment]))


def cluster_${p}_readings(n_clusters=${c}):
    rng = np.random.default_rng(SEED + ${k})
    points, _ = make_blobs(${n}, ${d}, n_clusters, ${spread}, rng)
    model = ${C}KMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]
'''
    source = render(
        text,
        v,
        iters=v.rng.choice((10, 20, 25)),
        tol=v.pick("1e-4", "1e-3", "1e-5"),
        d=v.rng.choice((2, 3, 5, 8)),
        c=v.rng.choice((3, 4, 6)),
        n=v.rng.choice((120, 200, 300)),
        spread=v.pick("0.4", "0.6", "0.9"),
    )
    return Block("kmeans", source, f"cluster_{v.prefix}_readings()")


def pca_block(v: Variation) -> Block:
    """PCA by eigendecomposition of the covariance, cross-checked with an SVD projection."""
    d = v.rng.choice((6, 8, 12, 16))
    latent = v.rng.choice((2, 3, 4))
    text = """
def ${p}_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def ${p}_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_${p}_features(n_components=${latent}):
    rng = np.random.default_rng(SEED + ${k})
    latent = rng.normal(size=(${n}, ${latent}))
    mixing = rng.normal(size=(${latent}, ${d}))
    data = latent @ mixing + ${noise} * rng.normal(size=(${n}, ${d}))
    components, explained = ${p}_principal_components(data, n_components)
    projected, reconstruction = ${p}_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement
"""
    source = render(
        text,
        v,
        d=d,
        latent=latent,
        n=v.rng.choice((100, 150, 200)),
        noise=v.pick("0.05", "0.1", "0.01"),
    )
    return Block("pca", source, f"reduce_{v.prefix}_features()")


def naive_bayes_block(v: Variation) -> Block:
    """Gaussian naive Bayes with per-class means and variances, scored on a held-out split."""
    text = '''
class ${C}GaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=${smoothing}):
        self.num_classes = num_classes
        self.var_smoothing = var_smoothing
        self.means = np.zeros((num_classes, 1))
        self.variances = np.ones((num_classes, 1))
        self.log_priors = np.zeros(num_classes)

    def fit(self, features, labels):
        per_class = [features[labels == label] for label in range(self.num_classes)]
        self.means = np.stack([rows.mean(axis=0) for rows in per_class])
        self.variances = np.stack([rows.var(axis=0) for rows in per_class]) + self.var_smoothing
        counts = np.bincount(labels, minlength=self.num_classes)
        self.log_priors = np.log(counts / counts.sum() + 1e-12)
        return self

    def joint_log_likelihood(self, features):
        diff = features[:, None, :] - self.means[None, :, :]
        log_det = np.log(2.0 * math.pi * self.variances)[None, :, :]
        return -0.5 * np.sum(log_det + diff**2 / self.variances[None, :, :], axis=2) + self.log_priors

    def predict(self, features):
        return np.argmax(self.joint_log_likelihood(features), axis=1)


def score_${p}_naive_bayes(num_classes=${c}):
    rng = np.random.default_rng(SEED + ${k})
    features, labels = make_blobs(${n}, ${d}, num_classes, ${spread}, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = ${C}GaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))
'''
    source = render(
        text,
        v,
        smoothing=v.pick("1e-9", "1e-6", "1e-3"),
        c=v.rng.choice((2, 3, 4)),
        n=v.rng.choice((150, 240, 300)),
        d=v.rng.choice((2, 4, 6, 9)),
        spread=v.pick("1.0", "1.5", "2.0"),
    )
    return Block("naive_bayes", source, f"score_{v.prefix}_naive_bayes()")


def metrics_block(v: Variation) -> Block:
    """Classification metrics: confusion matrix, per-class precision/recall/F1, ROC AUC, log loss."""
    text = """
def ${p}_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def ${p}_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def ${p}_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def ${p}_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_${p}_classifier(num_classes=${c}):
    rng = np.random.default_rng(SEED + ${k})
    actual = rng.integers(0, num_classes, size=${n})
    logits = rng.normal(size=(${n}, num_classes))
    logits[np.arange(${n}), actual] += ${signal}
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = ${p}_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = ${p}_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = ${p}_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * ${p}_log_loss(probs, actual)
"""
    source = render(
        text,
        v,
        c=v.rng.choice((2, 3, 4, 6)),
        n=v.rng.choice((100, 250, 400)),
        signal=v.pick("1.0", "1.5", "2.0", "0.5"),
    )
    return Block("metrics", source, f"evaluate_{v.prefix}_classifier()")
