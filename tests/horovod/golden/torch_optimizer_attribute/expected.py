import torch
from torch import nn
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1 * hvd.size())
        self.optimizer = hvd.DistributedOptimizer(self.optimizer, named_parameters=model.named_parameters())
        hvd.broadcast_parameters(model.state_dict(), root_rank=0)
        hvd.broadcast_optimizer_state(self.optimizer, root_rank=0)

    def fit(self, batches):
        for inputs, targets in batches:
            self.optimizer.zero_grad()
            nn.functional.mse_loss(self.model(inputs), targets).backward()
            self.optimizer.synchronize()
            nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            with self.optimizer.skip_synchronize():
                self.optimizer.step()


trainer = Trainer(nn.Linear(3, 1))
for epoch in range(2):
    trainer.fit([(torch.randn(4, 3), torch.randn(4, 1))])
