def setter():
    global created
    created = "made"


setter()
value = created
print(value)
