"""A dense autoencoder trained on an unshuffled loader, with a while loop over epochs."""

import torch
import torch.nn as nn
import torch.utils.data as data

torch.manual_seed(7)
points = torch.randn(120, 8)
loader = data.DataLoader(data.TensorDataset(points), batch_size=10)

encoder = nn.Sequential(nn.Linear(8, 3), nn.ReLU())
decoder = nn.Linear(3, 8)
autoencoder = nn.Sequential(encoder, decoder)
optimizer = torch.optim.Adagrad(autoencoder.parameters(), lr=0.05)

epoch = 0
while epoch < 2:
    for (batch,) in loader:
        optimizer.zero_grad()
        reconstruction_loss = ((autoencoder(batch) - batch) ** 2).mean()
        reconstruction_loss.backward()
        optimizer.step()
    print("epoch", epoch, "reconstruction", round(reconstruction_loss.item(), 4))
    epoch += 1
