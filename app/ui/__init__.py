"""The PySide6 desktop program: main window, views, dialogs, the board widget."""
