"""What tensorls knows about TensorFlow 2.12 / Keras 2.12 and Horovod 0.28 for the rewrite.

Paths are canonical (see ``names.canonical``). Learning-rate defaults are the constructor defaults of
the TF 2.12 Keras optimizers (``tf.keras.optimizers.*``, the reworked optimizers) and of their
``legacy`` counterparts; they are spelled as source text because they are pasted into code.
"""

from __future__ import annotations

DEFAULT_LEARNING_RATES: dict[str, str] = {
    "SGD": "0.01",
    "Adam": "0.001",
    "AdamW": "0.001",
    "Adadelta": "0.001",
    "Adagrad": "0.001",
    "Adamax": "0.001",
    "Adafactor": "0.001",
    "Ftrl": "0.001",
    "Nadam": "0.001",
    "RMSprop": "0.001",
}

LEGACY_OPTIMIZERS: frozenset[str] = frozenset(
    {"SGD", "Adam", "Adadelta", "Adagrad", "Adamax", "Ftrl", "Nadam", "RMSprop"}
)

OPTIMIZER_STRINGS: dict[str, str] = {name.lower(): name for name in DEFAULT_LEARNING_RATES}

OPTIMIZER_FACTORIES: frozenset[str] = frozenset(
    {"keras.optimizers.get", "keras.optimizers.deserialize"}
)

# Schedules: which arguments hold absolute learning rates, as (position, keyword).
SCHEDULE_RATE_ARGUMENTS: dict[str, tuple[tuple[int, str], ...]] = {
    "ExponentialDecay": ((0, "initial_learning_rate"),),
    "InverseTimeDecay": ((0, "initial_learning_rate"),),
    "PolynomialDecay": ((0, "initial_learning_rate"), (2, "end_learning_rate")),
    "CosineDecay": ((0, "initial_learning_rate"), (4, "warmup_target")),
    "CosineDecayRestarts": ((0, "initial_learning_rate"),),
}
PIECEWISE_SCHEDULE = "PiecewiseConstantDecay"
POLYNOMIAL_DEFAULT_END_RATE = "0.0001"

SCHEDULES_PREFIX = "keras.optimizers.schedules."
OPTIMIZERS_PREFIX = "keras.optimizers."
LEGACY_PREFIX = "keras.optimizers.legacy."

MODEL_CONSTRUCTORS: frozenset[str] = frozenset(
    {"keras.Sequential", "keras.Model", "keras.models.load_model", "keras.models.clone_model"}
)
APPLICATIONS_PREFIX = "keras.applications."
MODEL_BASES: frozenset[str] = frozenset({"keras.Model", "keras.Sequential"})

CHECKPOINT_CONSTRUCTORS: frozenset[str] = frozenset(
    {"tensorflow.train.Checkpoint", "tensorflow.train.CheckpointManager"}
)
SAVING_FUNCTIONS: frozenset[str] = frozenset(
    {"tensorflow.saved_model.save", "keras.models.save_model"}
)
SUMMARY_WRITER = "tensorflow.summary.create_file_writer"
# Callbacks that act on each rank's own metrics: Horovod's MetricAverageCallback goes before them.
METRIC_CALLBACKS: frozenset[str] = frozenset(
    {"keras.callbacks.EarlyStopping", "keras.callbacks.ReduceLROnPlateau"}
)
RANK0_CALLBACKS: frozenset[str] = frozenset(
    {"keras.callbacks.ModelCheckpoint", "keras.callbacks.TensorBoard", "keras.callbacks.CSVLogger"}
)
GRADIENT_TAPE = "tensorflow.GradientTape"
TF_FUNCTION = "tensorflow.function"
TF_PRINT = "tensorflow.print"

DATASET_PREFIXES: tuple[str, ...] = ("tensorflow.data.",)
DATASET_FUNCTIONS: frozenset[str] = frozenset(
    {
        "keras.utils.image_dataset_from_directory",
        "keras.utils.text_dataset_from_directory",
        "keras.utils.timeseries_dataset_from_array",
        "keras.preprocessing.image_dataset_from_directory",
        "keras.preprocessing.text_dataset_from_directory",
    }
)

# Keras ``fit``/``evaluate``/``predict``: positional index of ``verbose``; of fit's ``callbacks``.
VERBOSE_POSITION: dict[str, int] = {"fit": 4, "evaluate": 3, "predict": 2}
FIT_CALLBACKS_POSITION = 5

# Calls allowed inside a ``print`` guarded to rank 0 (restriction §2.1.4): builtins without side
# effects and methods that only read a value.
PURE_BUILTINS: frozenset[str] = frozenset(
    {
        "str", "repr", "len", "int", "float", "round", "format", "abs", "min", "max", "sum",
        "sorted", "list", "tuple", "dict", "set", "type", "bool", "any", "all", "enumerate",
        "zip", "range", "isinstance", "getattr", "hasattr", "id", "hex", "divmod", "pow",
    }
)  # fmt: skip
PURE_METHODS: frozenset[str] = frozenset(
    {
        "numpy", "item", "format", "result", "join", "upper", "lower", "strip", "get", "keys",
        "values", "items", "tolist", "mean", "count_params", "read_value", "value", "__len__",
        "sum", "std", "min", "max", "argmax", "argmin", "all", "any", "round", "reshape",
        "astype", "flatten", "copy", "get_weights", "get_config", "summary",
    }
)  # fmt: skip
# ``summary`` prints (``print(model.summary())``): that output belongs on rank 0 too.
PURE_MODULES: tuple[str, ...] = ("tensorflow.", "numpy.", "math.", "time.", "datetime.")

# Paths the rules match, by prefix (after ``names.canonical``); aliasing or rebinding one of them
# (restrictions §2.1.2–3) would hide a construct from the rewrite.
RULE_PREFIXES: tuple[str, ...] = (
    "keras.optimizers",
    "keras.callbacks",
    "keras.Sequential",
    "keras.Model",
    "keras.models",
    "keras.applications",
    "tensorflow.GradientTape",
    "tensorflow.train",
    "tensorflow.summary",
    "tensorflow.data",
    "tensorflow.function",
    "tensorflow.print",
    "tensorflow.saved_model",
    "tensorflow.distribute",
)


def matters_to_rules(path: str) -> bool:
    """True for the TensorFlow/Keras modules themselves and for paths the rules match (not for
    constants such as ``tf.data.AUTOTUNE``)."""
    if path in ("tensorflow", "keras") or path in DATASET_FUNCTIONS:
        return True
    if path.rsplit(".", 1)[-1].isupper():
        return False
    return any(path == prefix or path.startswith(prefix + ".") for prefix in RULE_PREFIXES)
