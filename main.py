"""Start the desktop program: `python main.py [event-file]`."""

import sys

if __name__ == "__main__":
    # The collector held off while the program starts, before anything is loaded
    # (app.ui.application.run releases it once the window is up with its event).
    from app import collector

    collector.hold()
    from app.ui.application import run

    sys.exit(run(sys.argv[1:], program=True))
