values = (int("ff", 16), int("0o17", 0), int("101", 2), int(" 12 "), int("-0"), float("-inf") < 0, int(True), str(10) + str(0.5))
print(values)
