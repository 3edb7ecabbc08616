def grow(bucket, n):
    for i in range(n):
        bucket.append(i)


store = {"xs": []}
alias = store["xs"]
grow(alias, 3)
size = len(store["xs"])
grow(store["xs"], 2)
final = store["xs"]
print(size, final, alias is final)
