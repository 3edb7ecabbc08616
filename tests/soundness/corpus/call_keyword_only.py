def configure(a, *, scale=2, shift):
    return a * scale + shift


r1 = configure(3, shift=1)
r2 = configure(3, scale=10, shift=0)
try:
    configure(3, 4)
    failed = False
except TypeError:
    failed = True
print(r1, r2, failed)
