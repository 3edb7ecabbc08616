"""The MDN-RNN training of world-models: each batch of observation sequences is encoded by the
VAE and the latents reshaped with ``.view(BSIZE, SEQ_LEN, LSIZE)``; the loader's last batch
holds fewer sequences, so the reshape fails in the second iteration of the first epoch.

Rebuilt from https://github.com/ctallec/world-models/issues/25 ("shape '[16, 32, 32]' is invalid
for input of size 11264" in ``trainmdrnn.py``'s ``to_latent``; the answer there: pass
``drop_last=True`` to the ``DataLoader``). ``to_latent`` keeps the script's idioms
(``f.upsample`` of ``x.view(-1, 3, SIZE, SIZE)``, list comprehensions over the pair, ``vae(x)[1:]``),
the VAE encoder is the repository's four stride-2 convolutions; the rollouts are random tensors
(19 sequences of 4 frames). Fixed twin: ``drop_last=True``.
"""

import torch
import torch.nn as nn
import torch.nn.functional as f
from torch.utils.data import DataLoader, TensorDataset

BSIZE = 16
SEQ_LEN = 4
LSIZE = 32
SIZE = 64
RED_SIZE = 64


class Encoder(nn.Module):
    def __init__(self, img_channels, latent_size):
        super(Encoder, self).__init__()
        self.conv1 = nn.Conv2d(img_channels, 32, 4, stride=2)
        self.conv2 = nn.Conv2d(32, 64, 4, stride=2)
        self.conv3 = nn.Conv2d(64, 128, 4, stride=2)
        self.conv4 = nn.Conv2d(128, 256, 4, stride=2)
        self.fc_mu = nn.Linear(2 * 2 * 256, latent_size)
        self.fc_logsigma = nn.Linear(2 * 2 * 256, latent_size)

    def forward(self, x):
        x = f.relu(self.conv1(x))
        x = f.relu(self.conv2(x))
        x = f.relu(self.conv3(x))
        x = f.relu(self.conv4(x))
        x = x.view(x.size(0), -1)
        return self.fc_mu(x), self.fc_logsigma(x)


class VAE(nn.Module):
    def __init__(self, img_channels, latent_size):
        super(VAE, self).__init__()
        self.encoder = Encoder(img_channels, latent_size)

    def forward(self, x):
        mu, logsigma = self.encoder(x)
        z = mu + logsigma.exp() * torch.randn_like(mu)
        return z, mu, logsigma


vae = VAE(3, LSIZE)
obs_data = torch.rand(19, SEQ_LEN, 3, SIZE, SIZE)
next_obs_data = torch.rand(19, SEQ_LEN, 3, SIZE, SIZE)
train_loader = DataLoader(TensorDataset(obs_data, next_obs_data), batch_size=BSIZE, shuffle=True)


def to_latent(obs, next_obs):
    with torch.no_grad():
        obs, next_obs = [
            f.upsample(
                x.view(-1, 3, SIZE, SIZE), size=RED_SIZE, mode="bilinear", align_corners=True
            )
            for x in (obs, next_obs)
        ]
        (obs_mu, obs_logsigma), (next_obs_mu, next_obs_logsigma) = [
            vae(x)[1:] for x in (obs, next_obs)
        ]
        latent_obs, latent_next_obs = [
            (x_mu + x_logsigma.exp() * torch.randn_like(x_mu)).view(BSIZE, SEQ_LEN, LSIZE)  # BUG
            for x_mu, x_logsigma in [(obs_mu, obs_logsigma), (next_obs_mu, next_obs_logsigma)]
        ]
    return latent_obs, latent_next_obs


for epoch in range(2):
    for i, (obs, next_obs) in enumerate(train_loader):
        latent_obs, latent_next_obs = to_latent(obs, next_obs)
        print(epoch, i, latent_obs.shape)
