def make():
    counter = 0
    functions = []
    for step in (1, 10, 100):

        def add(step=step):
            nonlocal counter
            counter += step
            return counter

        functions.append(add)
    return functions


fs = make()
results = [f() for f in fs] + [fs[0]()]
print(results)
