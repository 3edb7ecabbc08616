def countdown(n):
    while n > 0:
        yield n
        n -= 1


values = list(countdown(4))
gen = countdown(2)
first = next(gen)
second = next(gen)
done = next(gen, "done")
print(values, first, second, done)
