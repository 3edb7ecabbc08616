import torch
import torch.utils.data as data

points = torch.randn(30, 2)
loader = data.DataLoader(data.TensorDataset(points), batch_size=5)
layer = torch.nn.Linear(2, 2)
optimizer = torch.optim.Adagrad(layer.parameters(), lr=0.05)

epoch = 0
while epoch < 2:
    for (batch,) in loader:
        optimizer.zero_grad()
        ((layer(batch) - batch) ** 2).mean().backward()
        optimizer.step()
    epoch += 1
