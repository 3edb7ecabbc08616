prices = {"apple": 3, "pear": 5, "fig": 2}
expensive = []
total = 0
for name, price in prices.items():
    total += price
    if price > 2:
        expensive.append(name)
print(total, expensive)
