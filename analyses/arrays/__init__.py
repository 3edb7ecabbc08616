"""The pure NumPy shape algebra: dimensions, shapes, dtypes and one shape rule per API function.

Nothing here knows about the interpreter: rules take shapes and plain argument descriptions and
return a result shape or raise :class:`~tensorls.analyses.arrays.errors.CertainShapeError` when the
operation fails for every concretisation of its inputs, with NumPy's own message.
"""
