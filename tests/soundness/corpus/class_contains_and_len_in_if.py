class Shelf:
    def __init__(self, *books):
        self.books = list(books)

    def __len__(self):
        return len(self.books)

    def __contains__(self, title):
        return title in self.books


empty, full = Shelf(), Shelf("a", "b")
status = []
if empty:
    status.append("empty truthy")
if full:
    status.append("full truthy")
status.append("a" in full)
status.append("z" not in full)
print(status, len(full))
