def point(x, y, z=0):
    return (x, y, z)


coords = {"y": 2, "x": 1}
p1 = point(**coords)
p2 = point(*[5, 6], **{"z": 7})
print(p1, p2)
