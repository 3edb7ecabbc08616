def make_rows(n):
    return [[(r, c) for c in range(r)] for r in range(n)]


rows = make_rows(4)
sizes = [len(r) for r in rows]
print(sizes, rows[3][2])
