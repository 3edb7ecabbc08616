"""Fixed twin: The test accuracy is computed under accelerator.is_main_process, and its gather_for_metrics calls are collectives the other processes never make.

Source: https://github.com/huggingface/accelerate/issues/2785 ("gather_for_metrics() isn't happy to be under accelerator.is_main_process()").
Rank source: Accelerator.is_main_process.
Framework: Hugging Face Accelerate.
"""

import torch
from accelerate import Accelerator
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

accelerator = Accelerator(cpu=True)
model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 8 * 8, 10))
optimizer = torch.optim.Adam(model.parameters(), lr=0.001)
trainset = TensorDataset(torch.randn(16, 3, 8, 8), torch.randint(0, 10, (16,)))
testset = TensorDataset(torch.randn(8, 3, 8, 8), torch.randint(0, 10, (8,)))
trainloader = DataLoader(trainset, batch_size=4, shuffle=True)
testloader = DataLoader(testset, batch_size=4)
loss_fn = nn.CrossEntropyLoss()
model, optimizer, trainloader, testloader = accelerator.prepare(
    model, optimizer, trainloader, testloader
)
for epoch in range(2):
    model.train()
    for images, targets in trainloader:
        loss = loss_fn(model(images), targets)
        accelerator.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    if True:
        model.eval()
        correct = 0
        with torch.no_grad():
            for images, targets in testloader:
                predictions = model(images).argmax(dim=1)
                predictions, targets = accelerator.gather_for_metrics((predictions, targets))
                correct += (predictions == targets).sum().item()
        accelerator.print("accuracy", correct)
