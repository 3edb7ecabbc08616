def inner():
    try:
        raise ValueError("original")
    except ValueError:
        raise


try:
    inner()
    caught = None
except ValueError as error:
    caught = str(error)
print(caught)
