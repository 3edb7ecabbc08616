log = []


def run():
    try:
        try:
            log.append("inner try")
            raise ValueError
        finally:
            log.append("inner finally")
    except ValueError:
        log.append("outer except")
        return "returned"
    finally:
        log.append("outer finally")


result = run()
print(result, log)
