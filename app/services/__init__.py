"""The operations a user performs, each one transaction: the only layer UI and CLI call."""
