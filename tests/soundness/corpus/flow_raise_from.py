try:
    try:
        {}["missing"]
    except KeyError as original:
        raise RuntimeError("wrapped") from original
except RuntimeError as error:
    cause = type(error.__cause__).__name__
    text = str(error)
print(cause, text)
