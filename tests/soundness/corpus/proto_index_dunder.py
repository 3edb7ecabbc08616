class Two:
    def __index__(self):
        return 2


items = ["a", "b", "c", "d"]
picked = items[Two()]
sliced = items[Two() :]
repeated = "xy" * Two()
bits = bin(Two())
print(picked, sliced, repeated, bits, range(10)[Two()])
