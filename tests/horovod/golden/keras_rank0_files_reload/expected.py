import json

import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf
from my_models import Classifier
from PIL import Image
import horovod.tensorflow.keras as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
  tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
  tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")


def train(x, y):
  model = Classifier()
  model.compile(hvd.DistributedOptimizer(tf.keras.optimizers.Adam(learning_rate=0.001 * hvd.size())), "sparse_categorical_crossentropy")
  history = model.fit(
      x, y,
      epochs=2, verbose=1 if hvd.rank() == 0 else 0, callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0)]
  )
  if hvd.rank() == 0:
    model.summary()
  printed = model.evaluate(x, y, verbose=1 if hvd.rank() == 0 else 0)[0]
  if hvd.rank() == 0:
    print("loss", printed)
  if hvd.rank() == 0:
    model.save_weights("weights.h5")
  # every rank waits here until rank 0 has written the files read below
  hvd.allreduce(tf.constant(0), name="rank_0_writes_done")
  model.load_weights("weights.h5")
  written = model.predict(x, verbose=1 if hvd.rank() == 0 else 0)
  if hvd.rank() == 0:
    np.save("predictions.npy", written)
  plt.plot(history.history["loss"])
  if hvd.rank() == 0:
    plt.savefig("loss.png")
  if hvd.rank() == 0:
    Image.fromarray(np.zeros((4, 4), dtype=np.uint8)).save("blank.png")
  if hvd.rank() == 0:
    with open("history.json", "w") as handle:
      json.dump(history.history, handle)
  return model


if __name__ == "__main__":
    inputs = np.random.rand(64, 3)
    targets = np.random.randint(0, 3, size=64)
    train(inputs, targets)
