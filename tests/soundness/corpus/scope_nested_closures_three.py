def level1(a):
    def level2(b):
        def level3(c):
            return a + b + c

        return level3

    return level2


f = level1(1)(10)
total = f(100)
again = level1(2)(20)(200)
print(total, again)
