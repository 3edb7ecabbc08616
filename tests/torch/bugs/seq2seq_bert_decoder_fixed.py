"""Fixed twin of ``seq2seq_bert_decoder.py``
(https://github.com/bentrevett/pytorch-seq2seq/issues/162): the batch-first embeddings permuted
to ``(1, batch, emb)`` for the sequence-first LSTM."""

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
            embedded = self.bert(input)[0].permute(1, 0, 2)
        output, (hidden, cell) = self.rnn(self.dropout(embedded), (hidden, cell))
        prediction = self.fc_out(output.squeeze(0))
        return prediction, hidden, cell


decoder = Decoder(PretrainedEncoder(), VOCAB, HID_DIM, N_LAYERS, 0.5)
hidden = torch.zeros(N_LAYERS, BATCH, HID_DIM)
cell = torch.zeros(N_LAYERS, BATCH, HID_DIM)
trg = torch.randint(0, VOCAB, (7, BATCH))
prediction, hidden, cell = decoder(trg[0], hidden, cell)
print(prediction.shape)
