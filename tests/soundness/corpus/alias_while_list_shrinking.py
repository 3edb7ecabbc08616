stack = [1, 2, 3, 4]
seen = []
while stack:
    top = stack.pop()
    if top == 3:
        stack.append(10)
    seen.append(top)
print(seen, stack)
