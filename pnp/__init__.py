"""pnp: generate, check and print board-game content from a seed."""

__version__ = "0.1.0"
