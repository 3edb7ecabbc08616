def repeat(times):
    def decorate(function):
        def run(x):
            out = x
            for _ in range(times):
                out = function(out)
            return out

        return run

    return decorate


@repeat(3)
def inc(x):
    return x + 1


@repeat(0)
def never(x):
    return x * 100


print(inc(0), never(7))
