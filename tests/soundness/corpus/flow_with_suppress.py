import contextlib

with contextlib.suppress(KeyError):
    {}["x"]
    reached_after = True
done = True
print(done, "reached_after" in globals())
