value = 1


def shadow():
    try:
        result = value
        value = 2
    except UnboundLocalError as error:
        result = type(error).__name__
    return result


outcome = shadow()
print(outcome, value)
