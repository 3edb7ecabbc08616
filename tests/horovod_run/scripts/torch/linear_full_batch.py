"""yunjey/pytorch-tutorial style (tutorials/01-basics/linear_regression/main.py, commit 0500d3d):
a toy dataset of NumPy array literals, converted and read whole by every epoch's step (no
DataLoader), then plotted data predicted with the whole array."""

import numpy as np
import torch
import torch.nn as nn

x_train = np.array(
    [
        [3.3],
        [4.4],
        [5.5],
        [6.71],
        [6.93],
        [4.168],
        [9.779],
        [6.182],
        [7.59],
        [2.167],
        [7.042],
        [10.791],
        [5.313],
        [7.997],
        [3.1],
        [5.9],
    ],
    dtype=np.float32,
)
y_train = np.array(
    [
        [1.7],
        [2.76],
        [2.09],
        [3.19],
        [1.694],
        [1.573],
        [3.366],
        [2.596],
        [2.53],
        [1.221],
        [2.827],
        [3.465],
        [1.65],
        [2.904],
        [1.3],
        [2.2],
    ],
    dtype=np.float32,
)

torch.manual_seed(0)
model = nn.Linear(1, 1)
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.001)

for epoch in range(10):
    inputs = torch.from_numpy(x_train)
    targets = torch.from_numpy(y_train)
    outputs = model(inputs)
    loss = criterion(outputs, targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if (epoch + 1) % 5 == 0:
        print("Epoch [{}/10], Loss: {:.4f}".format(epoch + 1, loss.item()))

predicted = model(torch.from_numpy(x_train)).detach().numpy()
print("predicted", predicted.shape)
