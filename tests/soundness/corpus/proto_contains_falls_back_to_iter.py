class Evens:
    def __iter__(self):
        return iter([0, 2, 4])


print(2 in Evens(), 3 in Evens(), sorted(Evens(), reverse=True))
