"""Idioms of real public training scripts that the Horovod rewrite got wrong (issue 29).

Each program is written for this test in the idiom of a public script, named in its test:
pytorch/examples (``DataLoader(dataset, **train_kwargs)`` with ``train_kwargs.update(...)``;
``regression/main.py``'s ``param.data.add_(-0.1 * param.grad)``), yunjey/pytorch-tutorial
(``if not os.path.exists(sample_dir): os.makedirs(sample_dir)``, ``save_image``),
tensorflow/docs (``mnist = tf.keras.datasets.mnist``; ``keras/save_and_load``: ``os.mkdir`` of
the checkpoint folder, ``load_weights`` right after a ``fit`` with a ``ModelCheckpoint``;
``generative/dcgan``: ``with imageio.get_writer(...)``), aymericdamien/TensorFlow-Examples
(``enumerate(train_data.take(training_steps), 1)``) and Horovod's Keras documentation
(``MetricAverageCallback`` before ``EarlyStopping``/``ReduceLROnPlateau``). The rewritten
programs of the same idioms run on two real ranks in ``tests/horovod_run``.
"""

from __future__ import annotations

from tensorls.analyses.horovod import distribute

TORCH_HEAD = (
    "import os\nimport torch\nfrom torch import nn\n"
    "dataset = torch.utils.data.TensorDataset(torch.rand(16, 2), torch.rand(16, 1))\n"
    "model = nn.Linear(2, 1)\n"
    "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
)
TORCH_LOOP = (
    "for epoch in range(2):\n"
    "    for x, y in loader:\n"
    "        optimizer.zero_grad()\n"
    "        nn.functional.mse_loss(model(x), y).backward()\n"
    "        optimizer.step()\n"
)
KERAS_HEAD = (
    "import os\nimport numpy as np\nimport tensorflow as tf\n"
    "x = np.random.rand(32, 4).astype('float32')\ny = x.sum(axis=1)\n"
    "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
    "model.compile(optimizer='adam', loss='mse')\n"
)


def rewritten(source: str) -> str:
    result = distribute(source)
    assert result.blocking == (), [d.message for d in result.blocking]
    assert result.notes == (), [d.message for d in result.notes]
    return result.new_source


def test_loader_with_unpacked_keywords_gets_the_sampler_and_their_shuffle() -> None:
    new = rewritten(
        TORCH_HEAD
        + "train_kwargs = {'batch_size': 4}\n"
        + "use_accel = False\n"
        + "if use_accel:\n    train_kwargs.update({'num_workers': 1, 'shuffle': True})\n"
        + "loader = torch.utils.data.DataLoader(dataset, **train_kwargs)\n"
        + TORCH_LOOP
    )
    assert 'shuffle=train_kwargs.get("shuffle", False)' in new
    assert (
        "DataLoader(dataset, **{key: value for key, value in train_kwargs.items() "
        'if key != "shuffle"}, sampler=train_sampler)' in new
    )
    assert "loader.sampler.set_epoch(epoch)" in new


def test_loader_with_unpacked_keywords_beside_shuffle() -> None:
    new = rewritten(
        TORCH_HEAD
        + "kwargs = {'num_workers': 1, 'pin_memory': True} if torch.cuda.is_available() else {}\n"
        + "loader = torch.utils.data.DataLoader(dataset, batch_size=4, shuffle=True, **kwargs)\n"
        + TORCH_LOOP
    )
    assert "DataLoader(dataset, batch_size=4, sampler=train_sampler, **kwargs)" in new


def test_loader_with_unknown_or_sampling_keywords_is_noted() -> None:
    for mapping in ("make_options()", "{'sampler': None}"):
        source = (
            TORCH_HEAD
            + "def make_options():\n    return {}\n"
            + f"options = {mapping}\n"
            + "loader = torch.utils.data.DataLoader(dataset, **options)\n"
            + TORCH_LOOP
        )
        result = distribute(source)
        assert result.blocking == ()
        assert len(result.notes) == 1, mapping
        assert "sampler=" not in result.new_source


def test_directory_made_on_rank_0_then_every_rank_waits() -> None:
    new = rewritten(
        TORCH_HEAD
        + "sample_dir = 'samples'\n"
        + "if not os.path.exists(sample_dir):\n    os.makedirs(sample_dir)\n"
        + "loader = torch.utils.data.DataLoader(dataset, batch_size=4)\n"
        + TORCH_LOOP
    )
    assert (
        "if not os.path.exists(sample_dir):\n    if hvd.rank() == 0:\n"
        "        os.makedirs(sample_dir)\n"
        "# every rank waits here until rank 0 has written the files read below\n"
        "hvd.barrier()\n"
    ) in new


def test_image_writers_run_on_rank_0() -> None:
    new = rewritten(
        TORCH_HEAD
        + "from torchvision.utils import save_image\n"
        + "loader = torch.utils.data.DataLoader(dataset, batch_size=4)\n"
        + TORCH_LOOP
        + "    save_image(model.weight.detach(), 'weights.png')\n"
    )
    assert "    if hvd.rank() == 0:\n        save_image(written, 'weights.png')" in new


def test_parameters_updated_by_hand_are_refused_with_that_reason() -> None:
    source = (
        "import torch\nfrom torch import nn\nmodel = nn.Linear(2, 1)\n"
        "for step in range(3):\n"
        "    loss = model(torch.rand(4, 2)).pow(2).mean()\n"
        "    model.zero_grad()\n    loss.backward()\n"
        "    for param in model.parameters():\n"
        "        param.data.add_(-0.1 * param.grad)\n"
    )
    (refusal,) = distribute(source).blocking
    assert refusal.span.start.line == 8
    assert "updated by hand from their gradients" in refusal.message
    assert "torch.optim.SGD(model.parameters(), lr=...)" in refusal.message


def test_dataset_module_by_alias_is_sharded() -> None:
    new = rewritten(
        "import tensorflow as tf\nmnist = tf.keras.datasets.mnist\n"
        "(x_train, y_train), (x_test, y_test) = mnist.load_data()\n"
        "x_train, x_test = x_train / 255.0, x_test / 255.0\n"
        "model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(10)])\n"
        "model.compile(optimizer='adam', loss='mse')\n"
        "model.fit(x_train, y_train, epochs=1)\n"
    )
    assert "model.fit(hvd_shard(x_train), hvd_shard(y_train), epochs=1" in new


def test_enumerate_with_a_start_is_followed_to_the_dataset() -> None:
    new = rewritten(
        "import tensorflow as tf\n"
        "train_data = tf.data.Dataset.from_tensor_slices((tf.ones((16, 2)), tf.ones(16)))\n"
        "train_data = train_data.repeat().shuffle(16).batch(4).prefetch(1)\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "optimizer = tf.optimizers.SGD(0.1)\n"
        "for step, (batch_x, batch_y) in enumerate(train_data.take(10), 1):\n"
        "    with tf.GradientTape() as g:\n"
        "        loss = tf.reduce_mean((model(batch_x) - batch_y) ** 2)\n"
        "    gradients = g.gradient(loss, model.trainable_variables)\n"
        "    optimizer.apply_gradients(zip(gradients, model.trainable_variables))\n"
    )
    assert "hvd_shard(tf.data.Dataset.from_tensor_slices(" in new


def test_wait_after_fit_with_a_checkpoint_callback_read_next() -> None:
    new = rewritten(
        KERAS_HEAD
        + "checkpoint = tf.keras.callbacks.ModelCheckpoint('cp.h5', save_weights_only=True)\n"
        + "model.fit(x, y, epochs=1, callbacks=[checkpoint])\n"
        + "model.load_weights('cp.h5')\n"
    )
    fit_end = new.index("model.fit(")
    wait = new.index('hvd.allreduce(tf.constant(0), name="rank_0_writes_done")')
    assert fit_end < wait < new.index("model.load_weights('cp.h5')")


def test_metric_average_callback_before_callbacks_acting_on_metrics() -> None:
    new = rewritten(
        KERAS_HEAD
        + "callbacks = [tf.keras.callbacks.EarlyStopping(monitor='loss', patience=1)]\n"
        + "callbacks.append(tf.keras.callbacks.ReduceLROnPlateau(monitor='loss'))\n"
        + "model.fit(x, y, epochs=2, callbacks=callbacks)\n"
        + "model.fit(x, y, epochs=2, callbacks=[tf.keras.callbacks.TerminateOnNaN()])\n"
    )
    assert (
        "callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0), "
        "hvd.callbacks.MetricAverageCallback(), *callbacks]"
    ) in new
    assert new.count("MetricAverageCallback") == 1


def test_writing_with_block_whose_names_are_reused_in_another_function() -> None:
    """tensorflow/docs' cvae: ``image`` set in the GIF-writing block and, separately, a local
    of a later plotting function: not a use of the block's value."""
    new = rewritten(
        KERAS_HEAD
        + "import imageio\n"
        + "model.fit(x, y, epochs=1)\n"
        + "with imageio.get_writer('anim.gif', mode='I') as writer:\n"
        + "    image = np.zeros((4, 4), dtype=np.uint8)\n"
        + "    writer.append_data(image)\n"
        + "def plot():\n    image = np.ones(3)\n    return image\n"
    )
    assert (
        "if hvd.rank() == 0:\n    with imageio.get_writer('anim.gif', mode='I') as writer:" in new
    )


def test_gan_backward_passes_reach_only_the_stepped_model() -> None:
    """yunjey/pytorch-tutorial's GAN: without ``inputs=``, the generator's backward pass fires
    the discriminator's Horovod hooks a second time before it steps (checked on two ranks in
    ``tests/horovod_run``: 'a tensor with the same name as another tensor that is currently
    being processed')."""
    loop = (
        "for epoch in range(2):\n"
        "    for (x,) in loader:\n"
        "        reset_grad()\n"
        "        d_loss = D(G(torch.rand(4, 2))).mean() - D(x).mean()\n"
        "        d_loss.backward()\n"
        "        d_optimizer.step()\n"
        "        reset_grad()\n"
        "        g_loss = -D(G(torch.rand(4, 2))).mean()\n"
        "        g_loss.backward()\n"
        "        g_optimizer.step()\n"
    )
    head = (
        "import torch\nfrom torch import nn\n"
        "loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.rand(8, 2)))\n"
        "D = nn.Linear(2, 1)\nG = nn.Linear(2, 2)\n"
        "d_optimizer = torch.optim.Adam(D.parameters(), lr=0.1)\n"
        "g_optimizer = torch.optim.Adam(G.parameters(), lr=0.1)\n"
    )
    zeroing = "def reset_grad():\n    d_optimizer.zero_grad()\n    g_optimizer.zero_grad()\n"
    new = rewritten(head + zeroing + loop)
    assert "d_loss.backward(inputs=list(D.parameters()))" in new
    assert "g_loss.backward(inputs=list(G.parameters()))" in new
    # The discriminator's gradients from the generator's pass would reach its next step when
    # nothing zeroes them in the loop: that backward is left as it is.
    only_g = rewritten(head + "def reset_grad():\n    g_optimizer.zero_grad()\n" + loop)
    assert "g_loss.backward()\n" in only_g
    assert "d_loss.backward(inputs=list(D.parameters()))" in only_g


def test_dataset_given_to_the_one_call_of_a_training_function_is_sharded() -> None:
    """TensorFlow's DCGAN tutorial: ``def train(dataset, epochs)`` called once with the
    pipeline."""
    source = (
        "import tensorflow as tf\n"
        "images = tf.random.normal([32, 4])\n"
        "train_dataset = tf.data.Dataset.from_tensor_slices(images).shuffle(32).batch(8)\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "optimizer = tf.keras.optimizers.Adam(1e-4)\n"
        "def train_step(batch):\n"
        "    with tf.GradientTape() as tape:\n"
        "        loss = tf.reduce_mean(model(batch))\n"
        "    grads = tape.gradient(loss, model.trainable_variables)\n"
        "    optimizer.apply_gradients(zip(grads, model.trainable_variables))\n"
        "def train(dataset, epochs):\n"
        "    for epoch in range(epochs):\n"
        "        for image_batch in dataset:\n"
        "            train_step(image_batch)\n"
    )
    new = rewritten(source + "train(train_dataset, 2)\n")
    assert "train_dataset = hvd_shard(tf.data.Dataset.from_tensor_slices(images))" in new
    twice = distribute(source + "train(train_dataset, 2)\ntrain(train_dataset, 1)\n")
    assert len(twice.notes) == 1 and "hvd_shard(tf.data" not in twice.new_source


def test_arrays_scaled_by_a_named_number_are_arrays() -> None:
    """TensorFlow's autoencoder tutorial: ``x + noise_factor * tf.random.normal(...)`` clipped
    with ``tf.clip_by_value``."""
    new = rewritten(
        KERAS_HEAD
        + "noise_factor = 0.2\n"
        + "x_noisy = x + noise_factor * tf.random.normal(shape=x.shape)\n"
        + "x_noisy = tf.clip_by_value(x_noisy, clip_value_min=0.0, clip_value_max=1.0)\n"
        + "model.fit(x_noisy, y, epochs=1)\n"
    )
    assert "model.fit(hvd_shard(x_noisy), hvd_shard(y), epochs=1" in new


def test_dataframes_from_pandas_are_sharded_by_rows() -> None:
    """TensorFlow's regression tutorial: a DataFrame read with pandas, cleaned and split by
    rebinding one name (``dataset = dataset.dropna()``), its label column popped."""
    new = rewritten(
        "import pandas as pd\nimport tensorflow as tf\n"
        "raw_dataset = pd.read_csv('auto-mpg.data', names=['MPG', 'Weight'], sep=' ')\n"
        "dataset = raw_dataset.copy()\ndataset = dataset.dropna()\n"
        "train_dataset = dataset.sample(frac=0.8, random_state=0)\n"
        "train_features = train_dataset.copy()\ntrain_labels = train_features.pop('MPG')\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "model.compile(optimizer='adam', loss='mse')\n"
        "model.fit(train_features['Weight'], train_labels, epochs=1)\n"
    )
    assert "model.fit(hvd_shard(train_features['Weight']), hvd_shard(train_labels)," in new


def test_a_name_only_rebound_from_itself_is_not_known_to_be_an_array() -> None:
    source = (
        "import tensorflow as tf\n"
        "def load(features):\n    features = features.copy()\n    return features\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "model.compile(optimizer='adam', loss='mse')\n"
        "features = features.copy()\nlabels = tf.ones([8, 1])\n"
        "model.fit(features, labels, epochs=1)\n"
    )
    result = distribute(source)
    assert len(result.notes) == 1 and "hvd_shard(features)" not in result.new_source


def test_two_backward_passes_before_one_step_are_counted() -> None:
    """pytorch/examples' DCGAN: ``errD_real.backward(); errD_fake.backward();
    optimizerD.step()``, modules zeroed by ``netD.zero_grad()`` (on two ranks, without
    ``backward_passes_per_step=2`` or without ``inputs=`` on the generator's pass, Horovod
    0.28.1 fails: 'Gradients were computed more than backward_passes_per_step times')."""
    new = rewritten(
        "import torch\nfrom torch import nn\n"
        "loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.rand(8, 2)))\n"
        "netD = nn.Linear(2, 1)\nnetG = nn.Linear(2, 2)\n"
        "optimizerD = torch.optim.Adam(netD.parameters(), lr=0.1)\n"
        "optimizerG = torch.optim.Adam(netG.parameters(), lr=0.1)\n"
        "for epoch in range(2):\n"
        "    for (x,) in loader:\n"
        "        netD.zero_grad()\n"
        "        errD_real = netD(x).mean()\n"
        "        errD_real.backward()\n"
        "        fake = netG(torch.rand(1, 2))\n"
        "        errD_fake = -netD(fake.detach()).mean()\n"
        "        errD_fake.backward()\n"
        "        optimizerD.step()\n"
        "        netG.zero_grad()\n"
        "        errG = netD(fake).mean()\n"
        "        errG.backward()\n"
        "        optimizerG.step()\n"
    )
    assert (
        "hvd.DistributedOptimizer(optimizerD, named_parameters=netD.named_parameters(), "
        "backward_passes_per_step=2)"
    ) in new
    assert "errD_real.backward(inputs=list(netD.parameters()))" in new
    assert "errD_fake.backward(inputs=list(netD.parameters()))" in new
    assert "errG.backward(inputs=list(netG.parameters()))" in new
