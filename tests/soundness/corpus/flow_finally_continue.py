seen = []
for i in range(4):
    try:
        if i % 2:
            continue
        seen.append(i)
    finally:
        seen.append(-i)
print(seen)
