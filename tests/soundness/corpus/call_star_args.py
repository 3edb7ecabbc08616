def total(*numbers):
    result = 0
    for number in numbers:
        result += number
    return result, len(numbers)


a = total()
b = total(1, 2, 3)
args = (4, 5)
c = total(*args, 6)
print(a, b, c)
