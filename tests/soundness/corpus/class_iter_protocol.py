class Countdown:
    def __init__(self, start):
        self.current = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1


values = list(Countdown(3))
total = 0
for v in Countdown(4):
    total += v
print(values, total)
