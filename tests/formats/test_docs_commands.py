"""Every command line the docs show (`dominosolver ...` in README.md, docs/*.md and bench/'s pages,
inline or in a code block) names a command that exists and only options that command takes: a renamed
option or command takes the docs with it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
from dominosolver.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "bench").rglob("*.md"))]
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.DOTALL | re.MULTILINE)
INLINE = re.compile(r"`(dominosolver [^`]+)`")


def shown_commands(text: str) -> list[str]:
    """The command lines of a page: its inline code that starts `dominosolver `, and its code blocks'
    lines that do (a comment after # left out)."""
    lines = [m.group(1) for m in INLINE.finditer(FENCE.sub("", text))]
    for block in FENCE.finditer(text):
        lines += [line.split(" #")[0] for line in block.group(1).splitlines() if line.startswith("dominosolver ")]
    return lines


def command_of(words: list[str]) -> tuple[click.Command, list[str]]:
    """The command the words name (through groups: `corpus build`) and the words after it."""
    command: click.Command = cli
    while isinstance(command, click.Group) and words and words[0] in command.commands:
        command, words = command.commands[words[0]], words[1:]
    return command, words


def options_of(command: click.Command) -> set[str]:
    return {o for p in command.params for o in (*p.opts, *p.secondary_opts)} | {"-h", "--help"}


def test_the_docs_show_commands():
    assert sum(len(shown_commands(path.read_text())) for path in FILES) > 40


def test_every_command_line_shown_names_a_command_and_its_options():
    wrong = []
    for path in FILES:
        for line in shown_commands(path.read_text()):
            try:
                words = shlex.split(line.replace("[", " ").replace("]", " ").replace("|", " "))[1:]
            except ValueError:  # a quoted argument cut by the prose (`dominosolver hint "seat=E ...`)
                words = line.split()[1:]
            command, rest = command_of(words)
            if isinstance(command, click.Group) and any(not w.startswith("-") for w in rest):
                wrong.append(f"{path.name}: {line!r} names no command")  # (the group alone is one: `corpus --help`)
                continue
            unknown = [w.split("=")[0] for w in rest if w.startswith("-") and w.split("=")[0] not in options_of(command)]
            if unknown:
                wrong.append(f"{path.name}: {line!r}: {command.name} takes no {', '.join(unknown)}")
    assert not wrong, "\n".join(wrong)
