def clamp(x):
    assert isinstance(x, int)
    assert 0 <= x
    return min(x, 10)


print(clamp(3), clamp(50))
