try:
    raise KeyError("k")
except KeyError as e:
    message = str(e)
try:
    e
    still_bound = True
except NameError:
    still_bound = False
print(message, still_bound)
