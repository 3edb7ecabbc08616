class Table:
    rows = [1, 2, 3]
    doubled = [r * 2 for r in rows]
    width = len(rows)


print(Table.doubled, Table.width)
