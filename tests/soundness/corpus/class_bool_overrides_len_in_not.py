class Weird:
    def __bool__(self):
        return True

    def __len__(self):
        return 0


w = Weird()
print(not w, bool(w), len(w), "yes" if w else "no", w and "and", (w or "or") is w)
