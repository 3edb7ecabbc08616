"""A word-level LSTM text generator whose logits (batch, sequence, vocabulary) go to
``nn.CrossEntropyLoss`` without moving the classes to dim 1.

Rebuilt from https://github.com/markhliu/DGAI/issues/7 (chapter 8's training loop calls
``loss_func(output.transpose(1, 2), targets)``; without the transpose PyTorch fails with
"Expected target size [32, 12778], got [32, 100]"), with the chapter's ``nn.Embedding``/
``nn.LSTM(batch_first=True)``/``nn.Linear`` model and its ``(sh, sc)`` state; a vocabulary of
1000 words instead of 12778. Fixed twin: ``output.transpose(1, 2)``.
"""

import torch
import torch.nn as nn

n_words = 1000
seq_len = 100
batch_size = 32


class WordLSTM(nn.Module):
    def __init__(self, input_size=128, n_embed=128, n_layers=3, drop_prob=0.2):
        super().__init__()
        self.input_size = input_size
        self.drop_prob = drop_prob
        self.n_layers = n_layers
        self.n_embed = n_embed
        self.embedding = nn.Embedding(n_words, n_embed)
        self.lstm = nn.LSTM(
            input_size=self.input_size,
            hidden_size=self.n_embed,
            num_layers=self.n_layers,
            dropout=self.drop_prob,
            batch_first=True,
        )
        self.fc = nn.Linear(input_size, n_words)

    def forward(self, x, hc):
        embed = self.embedding(x)
        x, hc = self.lstm(embed, hc)
        x = self.fc(x)
        return x, hc

    def init_hidden(self, n_seqs):
        weight = next(self.parameters()).data
        return (
            weight.new(self.n_layers, n_seqs, self.n_embed).zero_(),
            weight.new(self.n_layers, n_seqs, self.n_embed).zero_(),
        )


model = WordLSTM()
loss_func = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.0001)
inputs = torch.randint(0, n_words, (batch_size, seq_len))
targets = torch.randint(0, n_words, (batch_size, seq_len))
sh, sc = model.init_hidden(batch_size)
output, (sh, sc) = model(inputs, (sh, sc))
loss = loss_func(output, targets)  # BUG
optimizer.zero_grad()
loss.backward()
optimizer.step()
print(loss.item())
