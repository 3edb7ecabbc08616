import horovod.tensorflow as hvd
import tensorflow as tf


def evaluate(values):
    if hvd.rank() != 0:
        return None
    return hvd.allreduce(values)  # expect: rank-divergent-collective


def main():
    hvd.init()
    evaluate(tf.ones((2, 2)))
    hvd.barrier()


if __name__ == "__main__":
    main()
