import torch
from torch.utils.data import DataLoader, TensorDataset
from tqdm import tqdm

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(torch.randn(32, 4), torch.randn(32, 1)), batch_size=8, shuffle=True)
for epoch in range(2):
    progress = tqdm(loader, desc=f"epoch {epoch}")
    for inputs, targets in progress:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(inputs), targets)
        loss.backward()
        optimizer.step()
        progress.set_postfix(loss=loss.item())
