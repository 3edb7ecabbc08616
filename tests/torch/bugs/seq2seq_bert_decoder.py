"""The decoder of a seq2seq model whose embeddings come from a pretrained, batch-first encoder
(BERT): the decoder feeds it ``(batch, 1)`` tokens and passes its ``(batch, 1, emb)`` output to a
sequence-first LSTM, which then reads a batch of 1 against states of the real batch.

Rebuilt from https://github.com/bentrevett/pytorch-seq2seq/issues/162 ("Expected hidden[0] size
(2, 1, 512), got [2, 128, 512] - Seq2Seq Model with PreTrained BERT Model"); a small embedding
module with BERT's batch-first interface stands in for the pretrained model. Fixed twin: the
embeddings are permuted to ``(1, batch, emb)``.
"""

import torch
import torch.nn as nn

torch.manual_seed(0)

VOCAB, BERT_DIM, HID_DIM, N_LAYERS, BATCH = 300, 96, 64, 2, 16


class PretrainedEncoder(nn.Module):
    """BERT's interface: ``(batch, seq)`` ids in, a tuple whose first item is
    ``(batch, seq, hidden)``."""

    def __init__(self):
        super().__init__()
        self.embeddings = nn.Embedding(VOCAB, BERT_DIM)

    def forward(self, input_ids):
        return (self.embeddings(input_ids),)


class Decoder(nn.Module):
    def __init__(self, bert, output_dim, hid_dim, n_layers, dropout):
        super().__init__()
        self.bert = bert
        self.rnn = nn.LSTM(BERT_DIM, hid_dim, n_layers, dropout=dropout)
        self.fc_out = nn.Linear(hid_dim, output_dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, input, hidden, cell):
        input = input.unsqueeze(1)
        with torch.no_grad():
            embedded = self.bert(input)[0]
        output, (hidden, cell) = self.rnn(self.dropout(embedded), (hidden, cell))  # BUG
        prediction = self.fc_out(output.squeeze(0))
        return prediction, hidden, cell


decoder = Decoder(PretrainedEncoder(), VOCAB, HID_DIM, N_LAYERS, 0.5)
hidden = torch.zeros(N_LAYERS, BATCH, HID_DIM)
cell = torch.zeros(N_LAYERS, BATCH, HID_DIM)
trg = torch.randint(0, VOCAB, (7, BATCH))
prediction, hidden, cell = decoder(trg[0], hidden, cell)
print(prediction.shape)
