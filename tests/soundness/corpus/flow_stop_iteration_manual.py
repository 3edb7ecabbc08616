it = iter([1, 2])
collected = []
while True:
    try:
        collected.append(next(it))
    except StopIteration:
        break
print(collected)
