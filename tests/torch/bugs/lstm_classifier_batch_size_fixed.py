"""Fixed twin of ``lstm_classifier_batch_size.py``
(https://github.com/miyamotok0105/pytorch_handbook/issues/11): the initial states take the batch
size of the input."""

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

batch_size = 8
output_size = 2
hidden_size = 256
embedding_length = 300
vocab_size = 500
word_embeddings = torch.randn(vocab_size, embedding_length)

train_dataset = TensorDataset(
    torch.randint(0, vocab_size, (64, 200)), torch.randint(0, output_size, (64,))
)
train_iter = DataLoader(train_dataset, batch_size=32, shuffle=True)


class LstmClassifier(nn.Module):
    def __init__(self, batch_size, hidden_size, output_size, vocab_size, embedding_length, weights):
        super(LstmClassifier, self).__init__()
        self.batch_size = batch_size
        self.hidden_size = hidden_size
        self.output_size = output_size
        self.vocab_size = vocab_size
        self.embed = nn.Embedding(vocab_size, embedding_length)
        self.embed.weight.data.copy_(weights)
        self.lstm = nn.LSTM(embedding_length, hidden_size, batch_first=True)
        self.fc = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        x = self.embed(x)
        h0 = torch.zeros(1, x.size(0), self.hidden_size).to(device)
        c0 = torch.zeros(1, x.size(0), self.hidden_size).to(device)
        output_seq, (h_n, c_n) = self.lstm(x, (h0, c0))
        out = self.fc(h_n[-1])
        return out


net = LstmClassifier(batch_size, hidden_size, output_size, vocab_size, embedding_length, word_embeddings)
net = net.to(device)
criterion = nn.CrossEntropyLoss()
optimizer = optim.Adam(filter(lambda p: p.requires_grad, net.parameters()))

net.train()
for i, (text, labels) in enumerate(train_iter):
    text = text.to(device)
    if text.size()[0] != 32:
        continue
    labels = labels.to(device)
    optimizer.zero_grad()
    outputs = net(text)
    loss = criterion(outputs, labels)
    loss.backward()
    optimizer.step()
    print(loss.item())
    break
