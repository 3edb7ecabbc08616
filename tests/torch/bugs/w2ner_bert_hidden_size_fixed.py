"""Fixed twin of ``w2ner_bert_hidden_size.py`` (the fix: the last sentence below).

W2NER's word encoder: a bidirectional LSTM over packed BERT word representations, configured
with ``bert_hid_size = 1024`` (BERT-large) but run with a BERT-base model of 768 features.

Rebuilt from https://github.com/ljynlp/W2NER/issues/23 ("input.size(-1) must be equal to
input_size. Expected 1024, got 768" at the LSTM; the maintainer: the BERT size does not match
the other modules), with ``model.py``'s ``pack_padded_sequence``/``nn.LSTM``/
``pad_packed_sequence`` idiom; the BERT output is a random (batch, length, 768) tensor. Fixed
twin: ``bert_hid_size = 768``.
"""

import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

bert_hid_size = 768
lstm_hid_size = 512


class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()
        lstm_input_size = bert_hid_size
        self.encoder = nn.LSTM(
            lstm_input_size, lstm_hid_size // 2, num_layers=1, batch_first=True, bidirectional=True
        )
        self.dropout = nn.Dropout(0.5)

    def forward(self, word_reps, sent_length):
        word_reps = self.dropout(word_reps)
        packed_embs = pack_padded_sequence(
            word_reps, sent_length.cpu(), batch_first=True, enforce_sorted=False
        )
        packed_outs, (hidden, _) = self.encoder(packed_embs)
        word_reps, _ = pad_packed_sequence(
            packed_outs, batch_first=True, total_length=sent_length.max()
        )
        return word_reps


model = Model()
bert_embs = torch.randn(4, 20, 768)
sent_length = torch.tensor([20, 15, 9, 4])
print(model(bert_embs, sent_length).shape)
