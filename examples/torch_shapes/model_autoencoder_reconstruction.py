"""A convolutional autoencoder for 28x28 images, trained to reconstruct its input.

The bug: the transposed convolutions lack ``output_padding=1``, so 7x7 codes decode to 25x25
images instead of 28x28, and the reconstruction loss cannot compare them.
"""

import torch
import torch.nn as nn


class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(1, 16, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1),
            nn.ReLU(),
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose2d(32, 16, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.ConvTranspose2d(16, 1, 3, stride=2, padding=1),
            nn.Sigmoid(),
        )

    def forward(self, x):
        return self.decoder(self.encoder(x))


model = AutoEncoder()
criterion = nn.MSELoss()
images = torch.rand(16, 1, 28, 28)
reconstruction = model(images)
loss = criterion(reconstruction, images)  # BUG
loss.backward()
