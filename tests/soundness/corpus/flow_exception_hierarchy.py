results = []
for exc in (KeyError("a"), IndexError(1), ZeroDivisionError(), ValueError("v")):
    try:
        raise exc
    except LookupError:
        results.append("lookup")
    except ArithmeticError:
        results.append("arith")
    except Exception as other:
        results.append(type(other).__name__)
print(results)
