class Lonely:
    pass


try:
    Lonely() - 1
    message = None
except TypeError as error:
    message = "unsupported" in str(error)
try:
    "a" + 1
    concat = None
except TypeError:
    concat = "TypeError"
print(message, concat)
