"""yunjey/pytorch-tutorial style (tutorials/02-intermediate/convolutional_neural_network/main.py,
commit 0500d3d): a ConvNet class whose blocks are Conv2d + BatchNorm2d + ReLU + MaxPool, trained
over a shuffled loader, then evaluated in eval mode with the running statistics and saved."""

import torch
from torch import nn

torch.manual_seed(3)
images = torch.rand(96, 1, 8, 8)
labels = (images[:, 0, :4].mean(dim=(1, 2)) > images[:, 0, 4:].mean(dim=(1, 2))).long()
train_dataset = torch.utils.data.TensorDataset(images, labels)
train_loader = torch.utils.data.DataLoader(dataset=train_dataset, batch_size=12, shuffle=True)


class ConvNet(nn.Module):
    def __init__(self, num_classes=2):
        super().__init__()
        self.layer1 = nn.Sequential(
            nn.Conv2d(1, 4, kernel_size=3, padding=1),
            nn.BatchNorm2d(4),
            nn.ReLU(),
            nn.MaxPool2d(kernel_size=2, stride=2),
        )
        self.fc = nn.Linear(4 * 4 * 4, num_classes)

    def forward(self, x):
        out = self.layer1(x)
        return self.fc(out.reshape(out.size(0), -1))


model = ConvNet()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)

for epoch in range(2):
    for i, (inputs, targets) in enumerate(train_loader):
        loss = criterion(model(inputs), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if (i + 1) % 2 == 0:
            print("Epoch [{}/2], Step [{}], Loss: {:.4f}".format(epoch + 1, i + 1, loss.item()))

model.eval()
with torch.no_grad():
    correct = (model(images).argmax(dim=1) == labels).sum().item()
    print("Accuracy of the model: {} %".format(100 * correct / len(labels)))
