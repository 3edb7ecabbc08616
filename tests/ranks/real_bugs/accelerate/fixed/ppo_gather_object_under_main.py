"""Fixed twin: The PPO trainer logs the batch's samples only on the main process, and gathers them with gather_object inside that block: the other processes never call the gather.

Source: https://github.com/huggingface/trl/issues/1103 ("we are calling gather_object within the if self.accelerator.is_main_process: block, so other processes never call the gather_object and the main process hangs"; fixed in #1177).
Rank source: Accelerator.is_main_process on a trainer attribute.
Framework: Hugging Face Accelerate.
"""

import torch
from accelerate import Accelerator
from accelerate.utils import gather_object


class PPOTrainer:
    def __init__(self):
        self.accelerator = Accelerator(cpu=True)

    def log_stats(self, stats, batch):
        batch_list = gather_object([batch["query"], batch["response"]])
        if self.accelerator.is_main_process:
            print("logged", len(batch_list), stats)

    def step(self, queries):
        responses = [q[::-1] for q in queries]
        rewards = torch.tensor([float(len(r)) for r in responses])
        mean_reward = self.accelerator.reduce(rewards.mean().reshape(1), "mean")
        return {"ppo/mean_reward": mean_reward.item()}, {"query": queries, "response": responses}


trainer = PPOTrainer()
for epoch in range(2):
    stats, batch = trainer.step(["hello", "world"])
    trainer.log_stats(stats, batch)
