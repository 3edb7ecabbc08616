def batches(x, y, size):
    for start in range(0, len(x), size):
        yield x[start : start + size], y[start : start + size]
