"""A GAN in the idiom of pytorch/examples' DCGAN: the discriminator zeroed through the module
(``netD.zero_grad()``), two backward passes (real, then detached fake samples) before one
``optimizerD.step()``, and the generator's loss back-propagated through the discriminator.

Source of the idiom: pytorch/examples@77f55b912142e11fcfdf5b530231fb9c52f181e8, dcgan/main.py.
"""

import torch
from torch import nn

torch.manual_seed(0)
nz, width = 3, 5
dataset = torch.utils.data.TensorDataset(torch.randn(48, width))
dataloader = torch.utils.data.DataLoader(dataset, batch_size=8, shuffle=True)

netG = nn.Sequential(nn.Linear(nz, 8), nn.ReLU(), nn.Linear(8, width))
netD = nn.Sequential(nn.Linear(width, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1), nn.Sigmoid())
criterion = nn.BCELoss()
optimizerD = torch.optim.Adam(netD.parameters(), lr=0.0002, betas=(0.5, 0.999))
optimizerG = torch.optim.Adam(netG.parameters(), lr=0.0002, betas=(0.5, 0.999))

for epoch in range(2):
    for i, data in enumerate(dataloader, 0):
        netD.zero_grad()
        real = data[0]
        label = torch.full((real.size(0), 1), 1.0)
        output = netD(real)
        errD_real = criterion(output, label)
        errD_real.backward()

        fake = netG(torch.randn(real.size(0), nz))
        label.fill_(0.0)
        output = netD(fake.detach())
        errD_fake = criterion(output, label)
        errD_fake.backward()
        optimizerD.step()

        netG.zero_grad()
        label.fill_(1.0)
        output = netD(fake)
        errG = criterion(output, label)
        errG.backward()
        optimizerG.step()
    print(f"[{epoch}] Loss_D: {(errD_real + errD_fake).item():.4f} Loss_G: {errG.item():.4f}")
