"""``python -m tensorls``: the same command line as the ``tensorls`` script.

Unsafe in an untrusted folder: Python imported this package (and what its ``runpy`` needs) with
the working directory first on ``sys.path``, before any code of tensorls ran (see
:mod:`tensorls.launch`). From here on nothing more is imported from the working directory: this
module and ``tensorls.launch`` import only ``os`` and ``sys`` before cleaning ``sys.path``.
"""

from tensorls.launch import main

raise SystemExit(main())
