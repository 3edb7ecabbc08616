import horovod.tensorflow as hvd

hvd.init()
if hvd.rank() == 0:
    checkpoint_dir = "/tmp/checkpoints"
print(checkpoint_dir)  # expect: rank-unbound-name
