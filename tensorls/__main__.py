"""``python -m tensorls``: the same command line as the ``tensorls`` script."""

from tensorls.cli import main

raise SystemExit(main())
