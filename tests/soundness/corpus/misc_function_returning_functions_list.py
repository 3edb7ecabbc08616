def adders():
    return [lambda x, k=k: x + k for k in range(3)]


results = [f(10) for f in adders()]
print(results)
