"""Command-line commands, one module each.

Every module here defines `register(subparsers)`, which adds its sub-command(s) with
`set_defaults(handler=...)`; a handler takes the parsed arguments and returns an exit code.
`app.cli` discovers the modules, so adding a command never means editing a central list.
"""
