def overridden():
    try:
        return "try"
    finally:
        return "finally"


def swallowed():
    try:
        raise ValueError("lost")
    finally:
        return "finally wins"


print(overridden(), swallowed())
