"""Fixed twin of ``bert_qg_gru_state.py``
(https://github.com/andrearosasco/BertQuestionGeneration/issues/4): the GRU runs from the
decoder's own state, ``hidden.unsqueeze(0)``."""

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)

VOCAB, EMB_DIM, ENC_HID_DIM, DEC_HID_DIM, BATCH, SRC_LEN, TRG_LEN = 80, 32, 96, 64, 8, 47, 5


class Attention(nn.Module):
    def __init__(self, enc_hid_dim, dec_hid_dim):
        super().__init__()
        self.project = nn.Linear(dec_hid_dim, enc_hid_dim)

    def forward(self, hidden, queries):
        scores = torch.bmm(queries, self.project(hidden).unsqueeze(2)).squeeze(2)
        return F.softmax(scores, dim=1)


class Decoder(nn.Module):
    def __init__(self, output_dim, emb_dim, enc_hid_dim, dec_hid_dim, dropout, attention):
        super().__init__()
        self.output_dim = output_dim
        self.dec_hid_dim = dec_hid_dim
        self.attention = attention
        self.dropout = nn.Dropout(dropout)
        self.embedding = nn.Embedding(output_dim, emb_dim)
        self.rnn = nn.GRU(emb_dim, dec_hid_dim, batch_first=True, num_layers=1)
        self.out = nn.Linear(enc_hid_dim + dec_hid_dim, output_dim)

    def forward(self, src, queries, hidden):
        src = src.unsqueeze(1)
        embedded = self.dropout(self.embedding(src))
        _, hidden = self.rnn(embedded, hidden.unsqueeze(0))
        a = self.attention(hidden.squeeze(0), queries).unsqueeze(1)
        weighted = torch.bmm(a, queries).squeeze(1)
        hidden = hidden.squeeze(0)
        output = self.out(torch.cat((hidden, weighted), dim=1))
        return output, hidden


class Seq2Seq(nn.Module):
    def __init__(self, decoder):
        super().__init__()
        self.decoder = decoder

    def forward(self, bert_encodings, trg):
        batch_size = trg.shape[0]
        max_len = trg.shape[1]
        outputs = torch.zeros(batch_size, max_len, self.decoder.output_dim)
        output = trg[:, 0]
        hidden = torch.zeros(output.shape[0], self.decoder.dec_hid_dim)
        for t in range(1, max_len):
            output, hidden = self.decoder(output, bert_encodings, hidden)
            outputs[:, t] = output
            output = trg[:, t]
        return outputs


decoder = Decoder(
    VOCAB, EMB_DIM, ENC_HID_DIM, DEC_HID_DIM, 0.1, Attention(ENC_HID_DIM, DEC_HID_DIM)
)
model = Seq2Seq(decoder)
bert_encodings = torch.randn(BATCH, SRC_LEN, ENC_HID_DIM)
trg = torch.randint(0, VOCAB, (BATCH, TRG_LEN))
outputs = model(bert_encodings, trg)
print(outputs.shape)
