"""tensorls.server: the LSP adapter over :mod:`tensorls.analyses`."""
