attempts = 0
while attempts < 5:
    attempts += 1
    try:
        if attempts == 3:
            raise ValueError
    except ValueError:
        break
else:
    attempts = -1
print(attempts)
