"""The local web app: the game table (``pnp serve``)."""
