"""SQLNet's question encoder expects ``N_word``-dimensional word embeddings (300, GloVe 42B)
but is fed 100-dimensional vectors.

Rebuilt from https://github.com/xiaojunxu/SQLNet/issues/59 ("input.size(-1) must be equal to
input_size. Expected 300, got 100" in ``test.py``): the model's bidirectional ``nn.LSTM(
input_size=N_word, hidden_size=N_h/2, num_layers=N_depth, batch_first=True, ...)`` run on the
embedded question batch, here a 100-d embedding table. Fixed twin: ``N_word = 100``, matching
the embeddings.
"""

import numpy as np
import torch
import torch.nn as nn

N_word = 300
N_h = 100
N_depth = 2
B_word = 42
glove_dim = 100


class SQLNetCondPredictor(nn.Module):
    def __init__(self, N_word, N_h, N_depth):
        super(SQLNetCondPredictor, self).__init__()
        self.cond_num_lstm = nn.LSTM(
            input_size=N_word,
            hidden_size=N_h // 2,
            num_layers=N_depth,
            batch_first=True,
            dropout=0.3,
            bidirectional=True,
        )
        self.cond_num_att = nn.Linear(N_h, 1)

    def forward(self, x_emb_var):
        h_enc, _ = self.cond_num_lstm(x_emb_var)  # BUG
        att_val = self.cond_num_att(h_enc).squeeze(2)
        return att_val


word_emb = np.random.rand(5000, glove_dim).astype(np.float32)
questions = np.random.randint(0, 5000, size=(8, 12))
x_emb_var = torch.from_numpy(word_emb[questions])
model = SQLNetCondPredictor(N_word, N_h, N_depth)
print(model(x_emb_var).shape)
