"""The same idiom in PyTorch (tensorflow/docs imbalanced_data.ipynb, commit 7c36502, saves into
``tempfile.mkdtemp()``): each epoch's state goes into a fresh temporary run folder, and the
last one is loaded back from it after training."""

import os
import tempfile

import torch

torch.manual_seed(4)
dataset = torch.utils.data.TensorDataset(torch.rand(64, 3), torch.rand(64, 1))
loader = torch.utils.data.DataLoader(dataset, batch_size=8, shuffle=True)
model = torch.nn.Sequential(torch.nn.Linear(3, 6), torch.nn.Tanh(), torch.nn.Linear(6, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
run_dir = tempfile.mkdtemp(prefix="run-")

for epoch in range(2):
    for inputs, targets in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(inputs), targets).backward()
        optimizer.step()
    torch.save(model.state_dict(), os.path.join(run_dir, f"epoch_{epoch}.pt"))

model.load_state_dict(torch.load(os.path.join(run_dir, "epoch_1.pt")))
print("reloaded the last epoch from", os.path.basename(run_dir)[:4])
