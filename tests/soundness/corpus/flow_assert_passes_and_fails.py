value = 5
assert value > 0, "positive"
try:
    assert value < 0, "negative expected"
    message = None
except AssertionError as error:
    message = str(error)
print(message)
