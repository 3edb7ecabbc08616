import json

import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf
from my_models import Classifier
from PIL import Image


def train(x, y):
  model = Classifier()
  model.compile("adam", "sparse_categorical_crossentropy")
  history = model.fit(
      x, y,
      epochs=2
  )
  model.summary()
  print("loss", model.evaluate(x, y)[0])
  model.save_weights("weights.h5")
  model.load_weights("weights.h5")
  np.save("predictions.npy", model.predict(x))
  plt.plot(history.history["loss"])
  plt.savefig("loss.png")
  Image.fromarray(np.zeros((4, 4), dtype=np.uint8)).save("blank.png")
  with open("history.json", "w") as handle:
    json.dump(history.history, handle)
  return model


if __name__ == "__main__":
    inputs = np.random.rand(64, 3)
    targets = np.random.randint(0, 3, size=64)
    train(inputs, targets)
