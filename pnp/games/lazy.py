"""A name in a game's registration that is imported on first use.

``pnp games``, ``pnp --help`` and the ``odds`` commands read a game's ``GameSpec`` but never
play: keeping its simulator, bots (and numpy) out of the spec's module keeps them quick to start.
"""

from __future__ import annotations

import importlib
from typing import Any


class Lazy:
    """``module.attr`` (or ``module.attr[item]``), imported when first called or when one of
    its attributes is read."""

    __slots__ = ("module", "attr", "item")

    def __init__(self, module: str, attr: str, item: str | None = None):
        self.module, self.attr, self.item = module, attr, item

    def target(self) -> Any:
        """The object itself (importing its module the first time)."""
        found = getattr(importlib.import_module(self.module), self.attr)
        return found if self.item is None else found[self.item]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.target()(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy and pickle probe dunders before the slots are set
            raise AttributeError(name)
        return getattr(self.target(), name)

    def __reduce__(self) -> tuple[type[Lazy], tuple[str, str, str | None]]:
        return Lazy, (self.module, self.attr, self.item)

    def __repr__(self) -> str:
        return f"Lazy({self.module}.{self.attr}{'' if self.item is None else [self.item]})"
