calls = []


def middle():
    calls.append("m")
    return 5


r1 = 1 < middle() < 10
r2 = 10 < middle() < 20
r3 = 1 < 2 > 0 == 0
r4 = 3 > 2 > 1 > 0
print(r1, r2, r3, r4, len(calls))
