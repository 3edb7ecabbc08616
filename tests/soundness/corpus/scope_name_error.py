def lookup():
    try:
        return undefined_name_here
    except NameError as error:
        return str(error)


message = lookup()
is_name_error = "undefined_name_here" in message
print(is_name_error)
