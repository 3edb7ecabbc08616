class Version:
    def __init__(self, number):
        self.number = number

    def __lt__(self, other):
        return self.number < other.number


a, b = Version(1), Version(2)
lt = a < b
gt = b > a
ordered = [v.number for v in sorted([b, a])]
print(lt, gt, ordered)
