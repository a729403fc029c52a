"""Start the desktop program: `python main.py [event-file]`."""

import sys

from app.ui.application import run

if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
