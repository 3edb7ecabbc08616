log = []
data = [10, 20]


def index():
    log.append("index")
    return 1


data[index()] += 5
print(data, log)
