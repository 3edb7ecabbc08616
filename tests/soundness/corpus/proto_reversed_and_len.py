class Deck:
    def __init__(self):
        self.cards = [1, 2, 3]

    def __len__(self):
        return len(self.cards)

    def __getitem__(self, i):
        return self.cards[i]

    def __reversed__(self):
        return iter(["custom"])


d = Deck()
print(list(reversed(d)), len(d), list(d), reversed([1, 2]).__class__.__name__)
