def accumulator():
    total = 0
    while True:
        received = yield total
        if received is None:
            break
        total += received


acc = accumulator()
start = next(acc)
after1 = acc.send(5)
after2 = acc.send(7)
try:
    acc.send(None)
    stopped = False
except StopIteration:
    stopped = True
print(start, after1, after2, stopped)
