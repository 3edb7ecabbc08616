"""A deep Q-learning from demonstrations network: the first layer's weights are sized by the
action dimension instead of the state dimension.

Rebuilt from https://github.com/go2sea/DQfD/issues/5 ("Dimensions must be equal, but are 4 and 2
for DQfD_0/eval_net/l1/MatMul (op:'Matmul') with input shapes: [?,4], [2,24]"; the reporter's fix
sizes w1 by state_dim). Fixed twin: the same fix.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)


class DQfD:
    def __init__(self, state_dim, action_dim, units_1=24):
        self.state_dim = state_dim
        self.action_dim = action_dim
        self.state = tf.placeholder(tf.float32, [None, state_dim])
        with tf.variable_scope("eval_net"):
            w1 = tf.get_variable("w1", [action_dim, units_1])
            b1 = tf.get_variable("b1", [1, units_1])
            dense1 = tf.nn.relu(tf.matmul(self.state, w1) + b1)  # BUG
            w2 = tf.get_variable("w2", [units_1, action_dim])
            self.q = tf.matmul(dense1, w2)


agent = DQfD(state_dim=4, action_dim=2)
print(agent.q)
