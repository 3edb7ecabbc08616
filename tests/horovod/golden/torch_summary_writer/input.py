import torch
from torch.utils.tensorboard import SummaryWriter

weights = torch.nn.Linear(3, 1)
optimizer = torch.optim.RMSprop(weights.parameters(), lr=0.01)
writer = SummaryWriter("runs/demo")
for step in range(5):
    optimizer.zero_grad()
    loss = weights(torch.randn(8, 3)).pow(2).mean()
    loss.backward()
    optimizer.step()
    writer.add_scalar("loss", loss.item(), step)
writer.close()
