"""python -m lwc: the command line of lwc.cli."""
import sys

from .cli import main

sys.exit(main())
