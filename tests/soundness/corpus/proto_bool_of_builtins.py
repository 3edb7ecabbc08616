values = [0, 0.0, 0j, "", b"", [], (), {}, set(), range(0), None, False, 1, "0", [0], (None,), {0: 0}, range(1), -1, 0.1]
truth = [bool(v) for v in values]
print(truth)
