nums = [3, -1, 4.5, 2]
stats = (min(nums), max(nums), sum(nums), sorted(nums), max(3, 7, key=lambda v: -v), min([], default=0), sum([], 10))
print(stats)
