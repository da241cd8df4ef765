"""Run the ``cardgames`` command: ``python -m cardgames watch kalter-schlag --seed 7``."""

import sys

from cardgames import cli

sys.exit(cli.main())
