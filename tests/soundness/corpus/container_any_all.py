nums = [2, 4, 6]
checks = (all(n % 2 == 0 for n in nums), any(n > 5 for n in nums), all([]), any([]), any([0, "", None]), all([1, "x"]))
print(checks)
