"""Fixed twin of ``simple_gan_bce_labels.py`` (the fix: the last sentence below).

A GAN learning even numbers: the discriminator's ``Linear(n, 1)``/``Sigmoid`` output has shape
(batch, 1) and the labels shape (batch,), which ``nn.BCELoss`` rejects.

Rebuilt from https://github.com/nbertagnolli/pytorch-simple-gan/issues/1 ("Using a target size
(torch.Size([16])) that is different to the input size (torch.Size([16, 1])) is deprecated" at
``generator_loss = loss(generator_discriminator_out, true_labels)`` in ``train``), keeping the
repository's generator/discriminator of one linear layer each and its binary encoding of even
integers. Fixed twin: ``true_labels`` of shape (batch, 1).
"""

import math

import numpy as np
import torch
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, input_length):
        super(Generator, self).__init__()
        self.dense_layer = nn.Linear(int(input_length), int(input_length))
        self.activation = nn.Sigmoid()

    def forward(self, x):
        return self.activation(self.dense_layer(x))


class Discriminator(nn.Module):
    def __init__(self, input_length):
        super(Discriminator, self).__init__()
        self.dense = nn.Linear(int(input_length), 1)
        self.activation = nn.Sigmoid()

    def forward(self, x):
        return self.activation(self.dense(x))


def train(max_int=128, batch_size=16, training_steps=1):
    input_length = int(math.log(max_int, 2))
    generator = Generator(input_length)
    discriminator = Discriminator(input_length)
    generator_optimizer = torch.optim.Adam(generator.parameters(), lr=0.001)
    loss = nn.BCELoss()
    for i in range(training_steps):
        generator_optimizer.zero_grad()
        noise = torch.randint(0, 2, size=(batch_size, input_length)).float()
        generated_data = generator(noise)
        true_labels = torch.tensor([1] * batch_size).float().unsqueeze(1)
        generator_discriminator_out = discriminator(generated_data)
        generator_loss = loss(generator_discriminator_out, true_labels)
        generator_loss.backward()
        generator_optimizer.step()
    return np.float32(generator_loss.item())


print(train())
