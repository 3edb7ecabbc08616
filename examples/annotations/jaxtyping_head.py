"""A linear head with jaxtyping annotations checked by beartype: the weight matrix is passed
transposed, so the call raises jaxtyping's TypeCheckError (tensorls reports it before the run)."""

import numpy as np
from beartype import beartype
from jaxtyping import Float, jaxtyped


@jaxtyped(typechecker=beartype)
def head(x: Float[np.ndarray, "batch 784"], w: Float[np.ndarray, "784 classes"]):
    return x @ w


head(np.zeros((64, 784)), np.zeros((10, 784)))
