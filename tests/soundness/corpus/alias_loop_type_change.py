value = 0
history = []
for step in range(6):
    if step % 3 == 0:
        value = str(value)
    elif step % 3 == 1:
        value = [value]
    else:
        value = len(value)
    history.append(value)
print(history)
