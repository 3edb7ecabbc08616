result = []
for attempt in range(3):
    try:
        raise ValueError(attempt)
    finally:
        result.append(attempt)
        break
print(result)
