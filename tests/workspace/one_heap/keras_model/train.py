import tensorflow as tf
from models import Classifier

model = Classifier()
logits = model(tf.ones((4, 16)))
score = tf.matmul(logits, tf.ones((32, 1)))
