"""The abstract interpreter: runs a module's ``ast`` over abstract values.

Library models extend it through ``tensorls.analyses.interpreter.natives``.
"""
