data = [5, 3, 0, 8]
index = 0
read = []
while (current := data[index]) != 0:
    read.append(current)
    index += 1
print(read, current)
