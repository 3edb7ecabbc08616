class Always:
    def __eq__(self, other):
        return True


a = Always()
left = a == 1
right = 1 == a
ne = a != 2
print(left, right, ne)
