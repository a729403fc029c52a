"""Start the desktop program: `python main.py [event-file]`."""

import gc
import sys

if __name__ == "__main__":
    # Off while the program starts, before anything is loaded (app.ui.application.run turns
    # it on again once the window is up with its event).
    gc.disable()
    from app.ui.application import run

    sys.exit(run(sys.argv[1:], program=True))
