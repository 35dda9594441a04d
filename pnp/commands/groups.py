"""The ``pnp`` command group with one lazily built group per registered game.

``pnp --help`` lists every game from ``registry.SUMMARIES`` without importing any of them; a
game's package and commands are imported only when one of its commands (or its ``--help``) runs.

Help is click's plain layout (``rich_markup_mode=None``) in every command: typer's rich layout
costs about 0.15 CPU-s of imports on each ``--help`` and prints ``<bool>`` beside every flag,
which reads as if ``--json true`` were expected.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

import typer
from typer.core import TyperGroup


class GameGroup(TyperGroup):
    """``pnp GAME``: its commands are built from the game's spec when first looked up."""

    def __init__(self, name: str, help: str, **attrs: Any):
        super().__init__(name=name, help=help, no_args_is_help=True, **attrs)
        self._built = False

    def _build(self) -> None:
        if self._built:
            return
        from pnp.commands.game import game_app
        from pnp.games.registry import get

        assert self.name is not None
        built = typer.main.get_group(game_app(get(self.name)))
        for command in built.commands.values():
            plain_help(command)
        self.commands.update(built.commands)
        self.epilog = examples(self)
        self._built = True

    def list_commands(self, ctx: Any) -> list[str]:
        self._build()
        return super().list_commands(ctx)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        self._build()
        return super().get_command(ctx, cmd_name)


def plain_help(command: Any) -> None:
    """Give ``command`` and every command under it click's plain help layout, listed in its
    group by the whole first paragraph of its help (click would cut it at 45 characters)."""
    command.rich_markup_mode = None
    if command.help and not command.short_help:
        command.short_help = " ".join(inspect.cleandoc(command.help).split("\n\n")[0].split())
    for sub in getattr(command, "commands", {}).values():
        plain_help(sub)
    if getattr(command, "commands", None) and not command.epilog:
        command.epilog = examples(command)


_EXAMPLE = re.compile(r"^\s*(?:Examples?:\s*)?(pnp \S.*?)\s*$", re.MULTILINE)


def first_example(command: Any) -> str | None:
    """The first ``pnp ...`` line of a command's help (of its first subcommand's, for a group)."""
    found = _EXAMPLE.search(command.help or "")
    if found:
        return found.group(1)
    for sub in getattr(command, "commands", {}).values():
        line = first_example(sub)
        if line:
            return line
    return None


def examples(group: Any) -> str | None:
    """A group's help ends with an example of each of its commands (click keeps ``\\b``
    paragraphs as written)."""
    lines = [line for sub in group.commands.values() if (line := first_example(sub))]
    return "Examples:\n\n\b\n" + "\n".join(lines) if lines else None


class PnpGroup(TyperGroup):
    """The root group: the commands registered on the app plus a ``GameGroup`` per game."""

    def __init__(self, **attrs: Any):
        super().__init__(**attrs)
        from pnp.games.registry import GAMES, SUMMARIES, get, summary

        plain_help(self)

        for name in GAMES:
            # a game added without a line in SUMMARIES is imported to describe itself
            line = SUMMARIES.get(name) or summary(get(name))
            self.commands.setdefault(name, GameGroup(name, line, short_help=line,
                                                     rich_markup_mode=None))
