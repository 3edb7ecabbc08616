import torch
from torch import nn


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def fit(self, batches):
        for inputs, targets in batches:
            self.optimizer.zero_grad()
            nn.functional.mse_loss(self.model(inputs), targets).backward()
            nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.optimizer.step()


trainer = Trainer(nn.Linear(3, 1))
for epoch in range(2):
    trainer.fit([(torch.randn(4, 3), torch.randn(4, 1))])
