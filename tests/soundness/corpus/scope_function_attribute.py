def tagged():
    return tagged.calls


tagged.calls = 3
got = tagged()
tagged.calls += 1
got2 = tagged()
print(got, got2)
