"""Abstract value domains: one module per kind of Python value, all sharing ``AbstractValue``."""
