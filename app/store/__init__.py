"""Event files: SQLAlchemy models, sessions, schema versions, snapshots, undo log."""
