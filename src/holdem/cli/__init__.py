"""The ``holdem`` command (typer): one module per group of subcommands."""
