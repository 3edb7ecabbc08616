"""Files written on rank 0 only, and the wait before any rank reads them back.

Recognised writers (each a statement of its own, guarded with ``if hvd.rank() == 0:``):
``plt.savefig``/``fig.savefig``, ``np.save``/``savez``/``savez_compressed``/``savetxt``,
``torchvision.utils.save_image``, ``imageio`` writers (and ``with imageio.get_writer(...)``
blocks), ``keras.utils.save_img``,
``.save`` of a PIL image (a value made by ``PIL.Image`` functions), ``DataFrame.to_csv``, and
``with open(path, mode) as f:`` blocks whose mode writes (``w``, ``a``, ``x``, ``+``). A block
that also runs model code (where Horovod's collectives could hide) is refused instead.

After a guarded write that a later read in the same function (or module code) may see, every
rank waits for rank 0 with a collective (``hvd.allreduce`` of a dummy tensor; Horovod 0.28.1 has
no TensorFlow ``barrier``): loading a model, weights or checkpoint, ``np.load``, ``open`` for
reading, ``tf.train.latest_checkpoint``, ``PIL.Image.open``, ``pandas.read_csv``, ``os.listdir``.

Directories made by ``os.mkdir``/``os.makedirs`` statements are made on rank 0 only (on every
rank, the second ``os.mkdir`` of a shared folder raises ``FileExistsError``), and every rank
always waits after them: any rank may write or read in the new folder next.

A fresh temporary directory (``tempfile.mkdtemp()``) has another name on every rank, so a file
rank 0 saves there is not where another rank looks for it: the directory is made on rank 0 and
its path broadcast to every rank (``broadcast_object``, which rank 1 leaves only once rank 0 has
made it).
"""

from __future__ import annotations

import ast

WRITING_FUNCTIONS: frozenset[str] = frozenset(
    {
        "numpy.save", "numpy.savez", "numpy.savez_compressed", "numpy.savetxt",
        "torchvision.utils.save_image", "imageio.imwrite", "imageio.mimwrite", "imageio.mimsave",
        "imageio.v2.imwrite", "imageio.v2.mimwrite", "imageio.v2.mimsave", "imageio.v3.imwrite",
        "keras.utils.save_img", "keras.preprocessing.image.save_img",
    }
)  # fmt: skip
# Context managers that write a file: ``with imageio.get_writer(path) as writer:`` blocks run
# on rank 0 only, as ``with open(path, "w")`` blocks do.
WRITING_CONTEXTS: frozenset[str] = frozenset({"imageio.get_writer", "imageio.v2.get_writer"})
PYPLOT_SAVE = "matplotlib.pyplot.savefig"
DIRECTORY_MAKERS: frozenset[str] = frozenset({"os.mkdir", "os.makedirs"})
PER_RANK_PATHS: frozenset[str] = frozenset({"tempfile.mkdtemp"})
PIL_IMAGE_PREFIX = "PIL.Image."
WRITING_METHODS: frozenset[str] = frozenset({"savefig", "to_csv"})
READING_FUNCTIONS: frozenset[str] = frozenset(
    {
        "keras.models.load_model", "keras.saving.load_model", "numpy.load", "numpy.loadtxt",
        "tensorflow.train.latest_checkpoint", "tensorflow.saved_model.load", "PIL.Image.open",
        "pandas.read_csv", "matplotlib.image.imread", "torch.load", "torch.jit.load", "os.listdir",
    }
)  # fmt: skip
READING_METHODS: frozenset[str] = frozenset({"load_weights", "restore", "read"})
MODEL_METHODS: frozenset[str] = frozenset(
    {"fit", "evaluate", "predict", "train_on_batch", "test_on_batch", "apply_gradients"}
)


def barrier_statement(tf: str) -> str:
    """The statement every rank runs after a rank-0-only write that is read back later."""
    return (
        "# every rank waits here until rank 0 has written the files read below\n"
        f'hvd.allreduce({tf}.constant(0), name="rank_0_writes_done")\n'
    )


def write_mode(call: ast.Call) -> bool:
    """True when an ``open(...)`` call's mode (positional or ``mode=``) is a constant that writes;
    a mode only known at run time counts as reading (the call then stays on every rank)."""
    mode: ast.expr | None = call.args[1] if len(call.args) >= 2 else None
    for keyword in call.keywords:
        if keyword.arg == "mode":
            mode = keyword.value
    if not isinstance(mode, ast.Constant) or not isinstance(mode.value, str):
        return False
    return any(letter in mode.value for letter in "wax+")


def is_builtin_open(call: ast.Call, shadowed: set[str]) -> bool:
    """True for a call of the builtin ``open`` (not shadowed by an import or a function)."""
    return isinstance(call.func, ast.Name) and call.func.id == "open" and "open" not in shadowed
