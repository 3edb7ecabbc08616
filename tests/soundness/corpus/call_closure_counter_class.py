def make_accounts():
    balances = {}

    def deposit(name, amount):
        balances[name] = balances.get(name, 0) + amount
        return balances[name]

    return deposit, balances


deposit, balances = make_accounts()
deposit("a", 10)
deposit("b", 5)
last = deposit("a", 1)
print(last, sorted(balances.items()))
