import torch

model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
best = float("inf")
for epoch in range(3):
    optimizer.zero_grad()
    loss = model(torch.randn(4, 2)).pow(2).mean()
    loss.backward()
    optimizer.step()
    if loss.item() < best:  # this rank's own loss: the ranks may disagree
        best = loss.item()
        torch.save(model.state_dict(), "best.pt")
model.load_state_dict(torch.load("best.pt"))
