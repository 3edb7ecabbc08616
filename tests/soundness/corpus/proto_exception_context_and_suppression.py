try:
    try:
        raise KeyError("first")
    except KeyError:
        raise ValueError("second")
except ValueError as error:
    context = type(error.__context__).__name__
try:
    try:
        raise KeyError("a")
    except KeyError:
        raise ValueError("b") from None
except ValueError as error:
    suppressed = error.__suppress_context__
    cause = error.__cause__
print(context, suppressed, cause)
