"""Fixed twin of ``decoder_state_2d.py`` (https://github.com/pytorch/pytorch/pull/3925, comment
of 2019-06-10): the initial states get their layer dimension with ``unsqueeze(0)``."""

import torch
import torch.nn as nn

torch.manual_seed(0)

SRC_VOCAB, TRG_VOCAB, EMB, SRC_HIDDEN, TRG_HIDDEN, BATCH = 120, 90, 32, 128, 256, 64


class Seq2SeqAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.src_embedding = nn.Embedding(SRC_VOCAB, EMB)
        self.trg_embedding = nn.Embedding(TRG_VOCAB, EMB)
        self.encoder = nn.LSTM(EMB, SRC_HIDDEN // 2, batch_first=True, bidirectional=True)
        self.decoder = nn.LSTM(EMB, TRG_HIDDEN, batch_first=True)
        self.encoder2decoder = nn.Linear(SRC_HIDDEN, TRG_HIDDEN)
        self.decoder2vocab = nn.Linear(TRG_HIDDEN, TRG_VOCAB)

    def forward(self, input_src, input_trg):
        src_emb = self.src_embedding(input_src)
        trg_emb = self.trg_embedding(input_trg)
        src_h, (src_h_t, src_c_t) = self.encoder(src_emb)
        h_t = torch.cat((src_h_t[-1], src_h_t[-2]), 1)
        c_t = torch.cat((src_c_t[-1], src_c_t[-2]), 1)
        decoder_init_state = nn.Tanh()(self.encoder2decoder(h_t))
        decoder_init_cell = self.encoder2decoder(c_t)
        state = (decoder_init_state.unsqueeze(0), decoder_init_cell.unsqueeze(0))
        trg_h, _ = self.decoder(trg_emb, state)
        return self.decoder2vocab(trg_h)


model = Seq2SeqAttention()
source = torch.randint(0, SRC_VOCAB, (BATCH, 15))
target = torch.randint(0, TRG_VOCAB, (BATCH, 11))
logits = model(source, target)
print(logits.shape)
