buffer = [1]


def reset():
    global buffer
    old = buffer
    buffer = []
    return old


kept = reset()
buffer.append(2)
print(kept, buffer)
