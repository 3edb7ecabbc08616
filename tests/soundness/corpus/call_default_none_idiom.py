def collect(item, bucket=None):
    if bucket is None:
        bucket = []
    bucket.append(item)
    return bucket


a = collect(1)
b = collect(2)
c = collect(3, a)
print(a, b, c, a is c)
