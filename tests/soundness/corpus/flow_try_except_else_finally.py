def attempt(x):
    log = []
    try:
        value = 10 // x
    except ZeroDivisionError:
        log.append("except")
        value = None
    else:
        log.append("else")
    finally:
        log.append("finally")
    return value, log


print(attempt(2), attempt(0))
