def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


f5 = factorial(5)
f10 = factorial(10)
print(f5, f10)
