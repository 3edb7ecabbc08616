"""DiscoGAN's convolutional discriminator, built for 64x64 images, run at ``input_scale_size
256``: its last 4x4 convolution leaves a 13x13 map, so after ``view(b, -1)`` and ``squeeze(1)``
the scores have shape (4, 169) against 4 labels in ``nn.BCELoss``.

Rebuilt from https://github.com/carpedm20/DiscoGAN-pytorch/issues/19 ("Using a target size
(torch.Size([4])) that is different to the input size (torch.Size([4, 169]))" at ``l_d_A_real,
l_d_A_fake = bce(self.D_A(x_A).squeeze(1), real_tensor), ...`` with ``--input_scale_size 256
--batch_size 4 --a_grayscale True``), and issue #17 there, which prints the discriminator's
shapes (a 1x1 score at 64x64, 13x13 at 256x256). Fixed twin: ``input_scale_size = 64``.
"""

import torch
import torch.nn as nn


class DiscriminatorCNN(nn.Module):
    def __init__(self, input_channel, output_channel, hidden_dims):
        super(DiscriminatorCNN, self).__init__()
        self.layers = []
        prev_dim = hidden_dims[0]
        self.layers.append(nn.Conv2d(input_channel, prev_dim, 4, 2, 1, bias=False))
        self.layers.append(nn.LeakyReLU(0.2, inplace=True))
        for out_dim in hidden_dims[1:]:
            self.layers.append(nn.Conv2d(prev_dim, out_dim, 4, 2, 1, bias=False))
            self.layers.append(nn.BatchNorm2d(out_dim))
            self.layers.append(nn.LeakyReLU(0.2, inplace=True))
            prev_dim = out_dim
        self.layers.append(nn.Conv2d(prev_dim, output_channel, 4, 1, 0, bias=False))
        self.layers.append(nn.Sigmoid())
        self.layer_module = nn.ModuleList(self.layers)

    def forward(self, x):
        out = x
        for layer in self.layer_module:
            out = layer(out)
        return out.view(out.size(0), -1)


input_scale_size = 256
batch_size = 4
D_A = DiscriminatorCNN(1, 1, [64, 128, 256, 512])
bce = nn.BCELoss()
x_A = torch.rand(batch_size, 1, input_scale_size, input_scale_size)
real_tensor = torch.ones(batch_size)
l_d_A_real = bce(D_A(x_A).squeeze(1), real_tensor)  # BUG
print(l_d_A_real.item())
