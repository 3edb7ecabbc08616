"""Fixed twin of ``arae_norm_expand.py`` (https://github.com/jakezhaojb/ARAE/issues/9): the norms
keep their dimension."""

import torch
import torch.nn as nn
from torch.autograd import Variable

torch.manual_seed(0)

EMSIZE, NHIDDEN, NTOKENS, NLAYERS, BATCH, MAXLEN = 50, 300, 120, 1, 64, 15


class Seq2Seq(nn.Module):
    def __init__(self, emsize, nhidden, ntokens, nlayers, noise_radius=0.2):
        super().__init__()
        self.nhidden = nhidden
        self.nlayers = nlayers
        self.noise_radius = noise_radius
        self.embedding = nn.Embedding(ntokens, emsize)
        self.encoder = nn.LSTM(
            input_size=emsize, hidden_size=nhidden, num_layers=nlayers, batch_first=True
        )

    def encode(self, indices, noise):
        embeddings = self.embedding(indices)
        output, state = self.encoder(embeddings)
        hidden = state[0][-1]
        norms = torch.norm(hidden, 2, 1, keepdim=True)
        hidden = torch.div(hidden, norms.expand_as(hidden))
        if noise and self.noise_radius > 0:
            gauss_noise = torch.normal(mean=torch.zeros(hidden.size()), std=self.noise_radius)
            hidden = hidden + Variable(gauss_noise)
        return hidden

    def forward(self, indices, noise):
        return self.encode(indices, noise)


autoencoder = Seq2Seq(EMSIZE, NHIDDEN, NTOKENS, NLAYERS)
source = Variable(torch.randint(0, NTOKENS, (BATCH, MAXLEN)))
hidden = autoencoder(source, noise=True)
print(hidden.shape)
