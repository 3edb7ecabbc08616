def flatten(value, out=None):
    if out is None:
        out = []
    if isinstance(value, list):
        for item in value:
            flatten(item, out)
    else:
        out.append(value)
    return out


print(flatten([1, [2, [3, [4]], 5]]))
