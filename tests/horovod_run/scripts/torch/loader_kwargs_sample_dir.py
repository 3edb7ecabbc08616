"""PyTorch training in the idioms of pytorch/examples' mnist (a ``train_kwargs`` dict updated
with ``shuffle`` and unpacked into ``DataLoader(dataset, **train_kwargs)``) and of
yunjey/pytorch-tutorial's VAE and GAN (``if not os.path.exists(sample_dir):
os.makedirs(sample_dir)``, something saved there every epoch), reading the last save back.

Sources of the idioms: pytorch/examples@77f55b912142e11fcfdf5b530231fb9c52f181e8 mnist/main.py;
yunjey/pytorch-tutorial@0500d3df5a2a8080ccfccbc00aca0eacc21818db
tutorials/03-advanced/variational_autoencoder/main.py. The folder is next to the script, where
both ranks see it.
"""

import os

import torch
from torch import nn

torch.manual_seed(0)
sample_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "samples")
if not os.path.exists(sample_dir):
    os.makedirs(sample_dir)

dataset = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
train_kwargs = {"batch_size": 8}
train_kwargs.update({"shuffle": True})
train_loader = torch.utils.data.DataLoader(dataset, **train_kwargs)

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(2):
    for data, target in train_loader:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(data), target)
        loss.backward()
        optimizer.step()
    print(f"epoch {epoch} loss {loss.item():.4f}")
    torch.save(model.state_dict(), os.path.join(sample_dir, f"model-{epoch}.pt"))

model.load_state_dict(torch.load(os.path.join(sample_dir, "model-1.pt")))
