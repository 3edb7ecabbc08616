"""Fixed twin of ``hred_bidirectional_state.py`` (https://github.com/fani-lab/RePair/issues/22):
a linear bridge maps the concatenated encoder state to the decoder's hidden size."""

import torch
import torch.nn as nn

torch.manual_seed(0)

VOCAB, EMBED, HIDDEN, BATCH = 100, 32, 128, 8


class QueryEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(VOCAB, EMBED)
        self.lstm = nn.LSTM(EMBED, HIDDEN, batch_first=True, bidirectional=True)
        self.bridge = nn.Linear(2 * HIDDEN, HIDDEN)

    def forward(self, tokens):
        _, (h_n, c_n) = self.lstm(self.embedding(tokens))
        hidden = self.bridge(torch.cat([h_n[0:1], h_n[1:2]], dim=2))
        cell = self.bridge(torch.cat([c_n[0:1], c_n[1:2]], dim=2))
        return hidden, cell


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(VOCAB, EMBED)
        self.lstm = nn.LSTM(EMBED, HIDDEN, batch_first=True)
        self.out = nn.Linear(HIDDEN, VOCAB)

    def forward(self, tokens, state):
        output, state = self.lstm(self.embedding(tokens), state)
        return self.out(output), state


encoder = QueryEncoder()
decoder = Decoder()
query = torch.randint(0, VOCAB, (BATCH, 12))
target = torch.randint(0, VOCAB, (BATCH, 10))
state = encoder(query)
logits, _ = decoder(target, state)
loss = nn.CrossEntropyLoss()(logits.reshape(-1, VOCAB), target.reshape(-1))
loss.backward()
print(loss.item())
