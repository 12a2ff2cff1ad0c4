"""Command-line arguments that are either the thing itself (notation, JSON) or a file holding it."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..arguments import seed_value
from ..errors import ParseError
from ..games import SHOW as SHOW_SCHEMA
from ..io import json_value, read_text_file


def text_or_file(arg: str) -> str:
    """The file's text when ``arg`` names a file, else ``arg`` itself (a long JSON argument is no
    file name: the system refuses such a name rather than answering no). An argument that looks like
    a file name and names none is a missing file (``FileNotFoundError``), not bad notation; one that
    names a directory is an ``IsADirectoryError``. An empty argument, or a file holding nothing, is a
    ``ParseError`` that says so (``Path('')`` would be the current directory)."""
    if not arg.strip():
        raise ParseError("an empty argument: give notation text, JSON, or a file holding either")
    try:
        is_file, is_dir = Path(arg).is_file(), Path(arg).is_dir()
    except (OSError, ValueError):
        is_file = is_dir = False
    if is_file:
        text = read_text_file(arg, "a text file (notation or JSON)")
        if not text.strip():
            raise ParseError(f"{arg} is empty: it should hold notation text or JSON")
        return text
    if is_dir:
        raise IsADirectoryError(errno.EISDIR, "a directory, not a file of notation or JSON", arg)
    if looks_like_a_file_name(arg):
        raise FileNotFoundError(errno.ENOENT, "no such file (nor is it notation text or JSON)", arg)
    return arg


def looks_like_a_file_name(arg: str) -> bool:
    """One word, no ``key=value`` and no JSON, with a directory or an extension such as ``.json``
    (tiles written ``66.64`` have a numeric "extension", no name)."""
    if not arg or any(c.isspace() for c in arg) or "=" in arg or arg.lstrip().startswith(("{", "[")):
        return False
    path = Path(arg)
    return "/" in arg or "\\" in arg or path.suffix[1:].isalpha()


def load(text: str) -> str | Any:
    """Notation text, a JSON string, or a path to a file of either: the text, or the decoded object
    (``show --json`` output reads back as its position)."""
    stripped = text_or_file(text).strip()
    if stripped.startswith("{"):
        obj = json_value(stripped)
        if isinstance(obj, dict) and obj.get("schema") == SHOW_SCHEMA and isinstance(obj.get("position"), dict):
            return obj["position"]
        return obj
    return stripped


def load_position(text: str) -> str | Any:
    """``load`` for the commands that take a position or a view (show, solve, hint): a JSON list or
    string is named as such (a list of hands is a deal, the table command's), not read as notation."""
    data = load(text)
    if isinstance(data, str) and data[:1] in ('[', '"'):
        deal = " (a list of hands is a deal, for 'dominosolver table')" if data[0] == "[" else ""
        kind = "list" if data[0] == "[" else "string"
        raise ParseError(f"a JSON {kind} is no position{deal}: give a position or a view, as notation text or a "
                         "JSON object")
    return data


def checked_seed(_ctx: click.Context, _param: click.Parameter, value: int | None) -> int | None:
    """Every command's --seed (a click callback): the one check of seeds, ``arguments.seed_value``
    (a whole number from 0 to 2**64 - 1), so each command refuses the same seeds in the same words."""
    return seed_value(value, "--seed")


class OptionNamingCommand(click.Command):
    """A command whose errors name an option as the user typed it: a check deep inside that says
    "exact_limit must be ..." of the value given as --exact-limit says "--exact-limit must be ..."."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ParseError as e:
            named = typed_option(ctx, str(e))
            if named is not None:
                e.args = (named,)
            raise


def typed_option(ctx: click.Context, message: str) -> str | None:
    """``message`` with its leading argument name ("exact_limit must be ...") put as the option the
    user gave on the command line ("--exact-limit must be ..."), and without the library's ", or null"
    (no option takes it); None when it names none of them."""
    name, must, rest = message.partition(" must be ")
    if not must:
        return None
    for param in ctx.command.params:
        if not isinstance(param, click.Option) or ctx.get_parameter_source(param.name) is not ParameterSource.COMMANDLINE:
            continue
        for option in param.opts:
            if option.startswith("--") and option[2:].replace("-", "_") == name:
                return f"{option}{must}{rest.replace(', or null,', ',')}"
    return None
