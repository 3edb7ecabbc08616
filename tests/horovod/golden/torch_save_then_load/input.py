import torch
import torch.nn as nn

model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
for step in range(3):
    optimizer.zero_grad()
    model(torch.ones(4, 2)).sum().backward()
    optimizer.step()

torch.save(model.state_dict(), "model.pt")
with open("steps.txt", "w") as log:
    log.write("3\n")
model.load_state_dict(torch.load("model.pt"))
print("reloaded")
