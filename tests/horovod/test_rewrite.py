"""Details of the libcst rewrite that golden files show only in passing."""

from __future__ import annotations

from tensorls.analyses.horovod import distribute
from tensorls.analyses.horovod.text_edits import apply_edits

from .conftest import GOLDEN

BASE = (GOLDEN / "tape_tf_function" / "input.py").read_text(encoding="utf-8")
CUDA_LINE = 'os.environ["CUDA_VISIBLE_DEVICES"] = "0"  # the rewrite pins GPUs itself\n'


def rewrite(source: str) -> str:
    result = distribute(source)
    assert result.blocking == ()
    assert apply_edits(source, result.edits) == result.new_source
    return result.new_source


def test_removing_the_first_statement_of_a_line_keeps_the_comments_above_it() -> None:
    source = BASE.replace(
        CUDA_LINE, '# keep me\nos.environ["CUDA_VISIBLE_DEVICES"] = "0"; seed = 3  # trailing\n'
    )
    assert "# keep me\nseed = 3  # trailing\n" in rewrite(source)


def test_crlf_files_stay_crlf() -> None:
    source = BASE.replace("\n", "\r\n")
    output = rewrite(source)
    assert "\n" not in output.replace("\r\n", "")
    assert "    tape = hvd.DistributedGradientTape(tape)\r\n" in output


def test_tab_indented_files_get_tab_indented_insertions() -> None:
    source = BASE.replace("    ", "\t")
    output = rewrite(source)
    assert "\ttape = hvd.DistributedGradientTape(tape)\n" in output
    assert "\tif hvd_first_step.value():\n\t\thvd.broadcast_variables(" in output


def test_negative_and_compound_learning_rates_are_parenthesised() -> None:
    source = BASE.replace("SGD(0.01, momentum=0.9)", "SGD(-(-0.01) if True else 1e-3)")
    assert "SGD((-(-0.01) if True else 1e-3) * hvd.size())" in rewrite(source)


def test_non_ascii_text_before_an_edit_keeps_columns() -> None:
    source = BASE.replace(
        "opt = tf.keras.optimizers.SGD(0.01, momentum=0.9)",
        'opt = tf.keras.optimizers.SGD(0.01, name="😀é")',
    )
    assert 'opt = tf.keras.optimizers.SGD(0.01 * hvd.size(), name="😀é")' in rewrite(source)


def test_saves_in_callbacks_and_checkpoint_writes_run_on_rank_0() -> None:
    source = BASE.replace(
        'checkpoint.save("./checkpoints/ckpt")\n',
        'checkpoint.write("./checkpoints/last")\n\n\n'
        "class Saver(tf.keras.callbacks.Callback):\n"
        "    def on_epoch_end(self, epoch, logs=None):\n"
        '        self.model.save("model")\n',
    )
    output = rewrite(source)
    assert 'if hvd.rank() == 0:\n    checkpoint.write("./checkpoints/last")\n' in output
    assert '        if hvd.rank() == 0:\n            self.model.save("model")\n' in output


def test_guards_follow_the_indentation_of_their_own_block() -> None:
    source = (
        "import tensorflow as tf\n"
        "if True:\n    pass\n"
        "def train(model):\n"
        "  model.compile(optimizer='sgd', loss='mse')\n"
        "  model.fit(tf.ones([4, 2]), tf.ones([4, 1]))\n"
        "  print('loss', model.evaluate(tf.ones([4, 2]), tf.ones([4, 1])))\n"
        "  for layer in model.layers:\n"
        "      print(layer.name)\n"
    )
    output = rewrite(source)
    assert "  if hvd.rank() == 0:\n    print('loss', printed)\n" in output
    assert "      if hvd.rank() == 0:\n          print(layer.name)\n" in output


def test_arguments_added_to_a_call_keep_its_closing_parenthesis_in_place() -> None:
    source = (
        "import tensorflow as tf\nmodel = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "model.compile(optimizer='sgd', loss='mse')\n"
        "model.fit(\n    tf.ones([4, 2]),\n    tf.ones([4, 1])\n)\n"
        "model.evaluate(tf.ones([4, 2]), tf.ones([4, 1]) )\n"
    )
    output = rewrite(source)
    assert (
        "    hvd_shard(tf.ones([4, 1])), verbose=1 if hvd.rank() == 0 else 0, callbacks=" in output
    )
    assert "BroadcastGlobalVariablesCallback(0)]\n)\n" in output
    assert "tf.ones([4, 1]), verbose=1 if hvd.rank() == 0 else 0 )\n" in output
    assert " \n" not in output
