"""Reading user files and preparing output folders without surprises.

Inputs must be regular files (a FIFO or a device would block or never end) no larger than the
``input_bytes`` limit; JSON and YAML are parsed with their nesting, integer sizes and (YAML)
alias expansion bounded, so a small hostile file cannot take the memory or the time. The output
folder is checked before anything is computed into it: not a file, not inside a file, creatable,
writable, and locked against a second pnp run writing into it at the same time.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import stat
from pathlib import Path
from typing import Any

import yaml

from pnp.errors import PnpError
from pnp.limits import limit, over

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_input(path: str | Path, what: str = "input file") -> bytes:
    """The bytes of a user's input file: a regular file within the ``input_bytes`` limit."""
    name = str(path)
    if not name:
        raise PnpError(f"no {what} given (an empty path)")
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise PnpError(f"cannot read the {what}: {exc.strerror or exc}", file=name) from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):    # before fdopen, which refuses a folder with OSError
        os.close(fd)
        raise PnpError(f"the {what} is {_kind(st.st_mode)}, not a regular file", file=name)
    with os.fdopen(fd, "rb") as fh:
        cap = int(limit("input_bytes"))
        if st.st_size > cap:
            raise over("input_bytes", f"{st.st_size} bytes", file=name, what=f"the {what}")
        try:
            data = fh.read(cap + 1)
        except OSError as exc:
            raise PnpError(f"cannot read the {what}: {exc.strerror or exc}", file=name) from None
    if len(data) > cap:  # grew while being read
        raise over("input_bytes", f"over {cap} bytes", file=name, what=f"the {what}")
    return data


def read_text_input(path: str | Path, what: str = "input file") -> str:
    """A user's UTF-8 text file (BOM allowed), read as ``read_input`` does."""
    data = read_input(path, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise PnpError(f"the {what} is not UTF-8 text (byte {exc.start + 1})", file=str(path),
                       line=line) from None


# ---------------------------------------------------------------- JSON

def _json_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > limit("int_digits"):
        raise over("int_digits", f"{digits} digits", what="an integer")
    return int(text)


def load_json(text: str, file: str) -> Any:
    """JSON with integer size and nesting bounded; PnpError naming the file and line."""
    try:
        data = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise PnpError(f"malformed JSON: {exc.msg}", file=file, line=exc.lineno) from None
    except PnpError as exc:
        raise PnpError(exc.message, file=file) from None
    except RecursionError:
        raise over("nesting", "deeper than the JSON reader can follow", file=file,
                   what="the nesting of lists and mappings") from None
    check_depth(data, file)
    return data


def check_depth(data: Any, file: str | None = None) -> None:
    """PnpError if lists/mappings nest deeper than the ``nesting`` limit (iterative walk)."""
    cap = limit("nesting")
    stack: list[tuple[Any, int]] = [(data, 0)]
    seen: set[int] = set()
    while stack:
        value, depth = stack.pop()
        if not isinstance(value, (list, dict)) or id(value) in seen:
            continue
        seen.add(id(value))  # shared values (YAML aliases) are walked once
        if depth >= cap:
            raise over("nesting", f"{depth + 1} levels or more", file=file,
                       what="the nesting of lists and mappings")
        children = value.values() if isinstance(value, dict) else value
        stack.extend((c, depth + 1) for c in children)


# ---------------------------------------------------------------- YAML

class BoundedLoader(yaml.SafeLoader):
    """Safe YAML whose integers are bounded in digits (``int_digits``)."""

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:  # type: ignore[override]
        digits = sum(c.isdigit() for c in str(node.value))
        if digits > limit("int_digits"):
            raise PnpError(over("int_digits", f"{digits} digits", what="an integer").message,
                           line=node.start_mark.line + 1)
        return super().construct_yaml_int(node)


BoundedLoader.add_constructor("tag:yaml.org,2002:int", BoundedLoader.construct_yaml_int)


def _expanded_size(root: yaml.Node, file: str) -> int:
    """Nodes the document would have with every alias expanded; refuses cycles and bombs."""
    cap = limit("yaml_nodes")
    sizes: dict[int, int] = {}
    # Iterative post-order walk: a node's size is 1 + its children's sizes (shared nodes,
    # i.e. aliases, are counted each time they are used: that is what a bomb multiplies).
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    on_path: set[int] = set()
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            kids = _children(node)
            sizes[key] = 1 + sum(sizes[id(k)] for k in kids)
            if sizes[key] > cap:
                raise over("yaml_nodes", "too many values once its aliases are expanded",
                           file=file, line=node.start_mark.line + 1, what="the YAML")
            continue
        if key in sizes:
            continue
        if key in on_path:
            raise PnpError("a YAML alias refers to a value that contains it (a cycle)",
                           file=file, line=node.start_mark.line + 1)
        on_path.add(key)
        stack.append((node, True))
        stack.extend((k, False) for k in _children(node) if id(k) not in sizes)
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def yaml_error(exc: yaml.YAMLError, file: str) -> PnpError:
    """A PyYAML error as one line naming the file and line."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return PnpError(f"malformed YAML: {problem}", file=file,
                    line=mark.line + 1 if mark is not None else None)


def load_yaml(text: str, file: str, loader: type[BoundedLoader] = BoundedLoader
              ) -> tuple[Any, yaml.Node | None]:
    """One YAML document -> (data, its node graph), bounded in nesting, alias expansion and
    integer size; PnpError naming the file and line otherwise."""
    try:
        ldr = loader(text)  # the reader refuses control characters here already
    except yaml.YAMLError as exc:
        raise yaml_error(exc, file) from None
    try:
        node = ldr.get_single_node()
        if node is None:
            return None, None
        _expanded_size(node, file)
        data = ldr.construct_document(node)
    except yaml.YAMLError as exc:
        raise yaml_error(exc, file) from None
    except PnpError as exc:
        raise PnpError(exc.message, file=file, line=exc.line) from None
    except RecursionError:
        raise over("nesting", "deeper than the YAML reader can follow", file=file,
                   what="the nesting of lists and mappings") from None
    except (ValueError, OverflowError, TypeError) as exc:  # a date such as 2023-02-30
        raise PnpError(f"malformed YAML value: {str(exc)[:120]}", file=file) from None
    finally:
        ldr.dispose()
    check_depth(data, file)
    return data, node


# ---------------------------------------------------------------- where layouts may read

def _norm(path: str | Path) -> Path:
    # Lexical, not resolved: ``..`` cannot climb out, a link a user made inside a folder counts
    # as inside it.
    return Path(os.path.normpath(os.path.abspath(path)))


def check_readable(path: str | Path, folders: list[str | Path | None], *, what: str,
                   file: str | None = None, line: int | None = None,
                   field: str | None = None) -> None:
    """PnpError unless ``path`` lies in one of ``folders``, the current folder, pnp's bundled
    templates and card sets, or a folder of ``PNP_READ_PATHS`` (``os.pathsep``-separated):
    a layout (or a card list) cannot make pnp read any file on the machine."""
    from pnp.resources import cardset, template

    roots = [_norm(f) for f in (*folders, os.getcwd(), template(""), cardset(""),
                                 *os.environ.get("PNP_READ_PATHS", "").split(os.pathsep))
             if f]
    target = _norm(path)
    if any(target == r or r in target.parents for r in roots):
        return
    raise PnpError(f"{what} {str(path)[:200]} is outside the folders pnp reads from (the "
                   f"layout's and the card list's folders, the current folder, the bundled "
                   f"templates); copy it there or add its folder to PNP_READ_PATHS", file=file,
                   line=line, field=field)


# ---------------------------------------------------------------- output folders

def check_out_dir(out_dir: Path) -> None:
    """PnpError unless ``out_dir`` is, or can become, a folder pnp can write in."""
    if not str(out_dir) or str(out_dir) != str(out_dir).strip():
        raise PnpError(f"not a usable output folder: {str(out_dir)!r}", field="out")
    if out_dir.exists() and not out_dir.is_dir():
        raise PnpError("the output folder is a file; give a folder with --out", file=str(out_dir),
                       field="out")
    for parent in out_dir.parents:
        if parent.exists():
            if not parent.is_dir():
                raise PnpError(f"cannot make the output folder inside a file ({parent})",
                               file=str(out_dir), field="out")
            break
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError(f"cannot create the output folder: {exc.strerror or exc}",
                       file=str(out_dir), field="out") from None
    if not os.access(out_dir.parent, os.W_OK | os.X_OK):
        raise PnpError(f"cannot write in {out_dir.parent}", file=str(out_dir), field="out")


class FolderLock:
    """An exclusive lock on an output folder (``.NAME.lock`` beside it), removed on release."""

    def __init__(self, out_dir: Path):
        self.path = out_dir.parent / f".{out_dir.name}.lock"
        self.out_dir = out_dir
        self._fd: int | None = None

    def acquire(self) -> None:
        for _ in range(10):  # the file may be removed by a run finishing in between: retry
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise PnpError(f"cannot write in {self.path.parent}: {exc.strerror or exc}",
                               file=str(self.out_dir), field="out") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise PnpError("another pnp run is writing to this folder; wait for it "
                                   "to finish or choose another --out", file=str(self.out_dir),
                                   field="out") from None
                raise
            with contextlib.suppress(OSError):
                if os.fstat(fd).st_ino == os.stat(self.path).st_ino:
                    self._fd = fd
                    return
            os.close(fd)
        raise PnpError("could not lock the output folder", file=str(self.out_dir), field="out")

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        os.close(self._fd)
        self._fd = None


def inside(out_dir: Path, rel: str) -> Path:
    """``out_dir / rel``, refusing a path that would pass through a symbolic link in it: pnp
    never writes (or deletes) outside its output folder by following a link."""
    target = out_dir
    for part in Path(rel).parts[:-1]:
        target = target / part
        if target.is_symlink():
            raise PnpError(f"{target} is a symbolic link; pnp does not write through links in "
                           f"its output folder (remove it or choose another --out)",
                           file=str(out_dir), field="out")
    return out_dir / rel
