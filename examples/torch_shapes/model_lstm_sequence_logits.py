"""A sentence classifier: embeddings, an LSTM and a linear layer over the classes.

The bug: the classifier is applied to the LSTM's per-step ``output`` instead of its last hidden
state ``h[-1]``, so the logits have a time axis that cross entropy reads as the class axis.
"""

import torch
import torch.nn as nn


class SentenceClassifier(nn.Module):
    def __init__(self, vocabulary, width, hidden, classes):
        super().__init__()
        self.embed = nn.Embedding(vocabulary, width)
        self.lstm = nn.LSTM(width, hidden, batch_first=True)
        self.classify = nn.Linear(hidden, classes)

    def forward(self, tokens):
        output, (h, c) = self.lstm(self.embed(tokens))
        return self.classify(output)


model = SentenceClassifier(5000, 64, 128, 5)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
tokens = torch.randint(0, 5000, (32, 20))
labels = torch.randint(0, 5, (32,))
logits = model(tokens)
loss = criterion(logits, labels)  # BUG
loss.backward()
optimizer.step()
