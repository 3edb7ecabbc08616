"""global declarations rebinding a module name from inside a function."""
count = 0


def bump(step):
    global count
    count += step
    return count


first = bump(2)
second = bump(3)
print(first, second, count)
