"""A text-classification head whose labels arrive one-hot: ``label_ids.view(-1)`` gives 32
targets for 8 logits rows.

Rebuilt from https://github.com/deepset-ai/FARM/issues/100 ("Expected input batch_size (8) to
match target batch_size (32)": ``logits_to_loss`` returns ``self.loss_fct(logits,
label_ids.view(-1))`` with ``CrossEntropyLoss``, 4 classes and a batch of 8 whose labels were
one-hot rows). Fixed twin: the labels are class indices (``argmax`` of the one-hot rows).
"""

import torch
import torch.nn as nn


class TextClassificationHead(nn.Module):
    def __init__(self, layer_dims=(768, 4)):
        super(TextClassificationHead, self).__init__()
        self.feed_forward = nn.Linear(layer_dims[0], layer_dims[1])
        self.loss_fct = nn.CrossEntropyLoss(reduction="none")

    def forward(self, x):
        return self.feed_forward(x)

    def logits_to_loss(self, logits, label_ids):
        return self.loss_fct(logits, label_ids.view(-1))  # BUG


torch.manual_seed(0)
head = TextClassificationHead()
pooled_output = torch.randn(8, 768)
label_ids = nn.functional.one_hot(torch.randint(0, 4, (8,)), num_classes=4)
logits = head(pooled_output)
print(head.logits_to_loss(logits, label_ids).mean())
