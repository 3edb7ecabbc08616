"""A GAN in the idiom of yunjey/pytorch-tutorial's generative_adversarial_network: the
discriminator's loss on generated samples that are not detached, the generator's loss
back-propagated through the discriminator, both optimizers zeroed by a ``reset_grad`` helper
before each backward pass; the generator steps first, as in eriklindernoren/PyTorch-GAN.

Source of the idiom: yunjey/pytorch-tutorial@0500d3df5a2a8080ccfccbc00aca0eacc21818db,
tutorials/03-advanced/generative_adversarial_network/main.py;
eriklindernoren/PyTorch-GAN@36d3c77e5ff20ebe0aeefd322326a134a279b93e, implementations/gan/gan.py.
"""

import torch
from torch import nn

torch.manual_seed(0)
latent_size, data_size = 4, 6
data = torch.utils.data.TensorDataset(torch.randn(64, data_size))
data_loader = torch.utils.data.DataLoader(dataset=data, batch_size=8, shuffle=True)

D = nn.Sequential(nn.Linear(data_size, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1), nn.Sigmoid())
G = nn.Sequential(nn.Linear(latent_size, 8), nn.ReLU(), nn.Linear(8, data_size), nn.Tanh())
criterion = nn.BCELoss()
d_optimizer = torch.optim.Adam(D.parameters(), lr=0.0002)
g_optimizer = torch.optim.Adam(G.parameters(), lr=0.0002)


def reset_grad():
    d_optimizer.zero_grad()
    g_optimizer.zero_grad()


for epoch in range(2):
    for (samples,) in data_loader:
        real_labels = torch.ones(samples.size(0), 1)
        fake_labels = torch.zeros(samples.size(0), 1)

        fake = G(torch.randn(samples.size(0), latent_size))
        g_loss = criterion(D(fake), real_labels)
        reset_grad()
        g_loss.backward()
        g_optimizer.step()

        d_loss_real = criterion(D(samples), real_labels)
        fake = G(torch.randn(samples.size(0), latent_size))
        d_loss_fake = criterion(D(fake), fake_labels)
        d_loss = d_loss_real + d_loss_fake
        reset_grad()
        d_loss.backward()
        d_optimizer.step()
    print(f"epoch {epoch} d_loss {d_loss.item():.4f} g_loss {g_loss.item():.4f}")
