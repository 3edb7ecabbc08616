"""An adversarially regularized autoencoder normalising the encoder's last hidden state: the norm
over dim 1 drops that dimension (``keepdim`` is False since PyTorch 0.2), so ``expand_as`` aligns
the ``(batch,)`` norms with the hidden size, not the batch.

Rebuilt from https://github.com/jakezhaojb/ARAE/issues/9 ("The expanded size of the tensor (300)
must match the existing size (64) at non-singleton dimension 1", raised in ``Seq2Seq.encode`` at
``torch.div(hidden, norms.expand_as(hidden))``; repository jakezhaojb/ARAE, pytorch/models.py);
the padded batch is fed to the encoder without ``pack_padded_sequence``. Fixed twin: the norms
keep their dimension (``keepdim=True``), as the repository's later code does.
"""

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
        norms = torch.norm(hidden, 2, 1)
        hidden = torch.div(hidden, norms.expand_as(hidden))  # BUG
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
