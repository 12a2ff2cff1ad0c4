"""Mutations of valid inputs: structure-aware ones on decoded JSON values (a value swapped for a
hostile one, a key dropped or added, a list cut, doubled or shuffled, a number nudged, a tile
rewritten, deep nesting) and byte-level ones on their text (bytes flipped, cut, spliced, repeated,
invalid UTF-8, escapes that JSON reads as lone surrogates or huge numbers). Each takes a
``random.Random``: the same generator, the same mutation."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

# Values that a careless or hostile client sends where something else is meant.
HOSTILE: list[Any] = [
    None, True, False, 0, 1, -1, 2, 7, 28, 255, 256, 2**31, -(2**31) - 1, 2**63, 10**30, 10**4000,
    0.0, 2.5, -0.5, 1e308, float("inf"), float("-inf"), float("nan"),
    "", " ", "0", "1", "-1", "6-6", "6-4", "4-6", "64", "7-7", "8-8", "9-9", "6-", "-", "N", "W", "x", "none", "doubles",
    "close", "declare:6-6,1-1", "pass", "game", "30", "84", "\udcff", "6-6\udcff", "\ud800", "\x00", "\u0660",
    "\U0001f600", "x" * 5000, [], {}, [None], ["6-6"], [1, 2], {"a": 1}, [[[]]], {"": None},
]
KEYS = ["hands", "boneyard", "hand", "trump", "seat", "game", "schema", "view", "position", "rules", "cmd",
        "samples", "time", "threads", "extra", "", "\udcff", "seed", "task", "id"]
TILES = [f"{hi}-{lo}" for hi in range(9) for lo in range(hi + 1)]


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON value: the paths to its containers and leaves."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*prefix, i))
    return out


def get(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def put(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    get(value, path[:-1])[path[-1]] = new
    return value


def nudge(rng: random.Random, v: Any) -> Any:
    """A value near ``v``: a number moved a little or a lot, a tile or string rewritten."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + rng.choice([-1, 1, -v - 1, 10, 2**31, v * 1000])
    if isinstance(v, float):
        return v * rng.choice([-1, 0.5, 1e10])
    if isinstance(v, str):
        if v in TILES or (len(v) == 3 and v[1] == "-"):
            return rng.choice([rng.choice(TILES), v[::-1], v.replace("-", ""), v + ".", v[0], v.upper() + " "])
        if v and rng.random() < 0.5:
            i = rng.randrange(len(v))
            return v[:i] + rng.choice(["", "x", "\udcff", v[i] * 2, "0", "\u0660", " "]) + v[i + 1:]
        return rng.choice(HOSTILE)
    return rng.choice(HOSTILE)


def mutate_value(rng: random.Random, value: Any) -> Any:
    """One structure-aware mutation of a (deep-copied) JSON value."""
    value = copy.deepcopy(value)
    path = rng.choice(paths(value))
    node = get(value, path)
    kind = rng.random()
    if isinstance(node, dict) and kind < 0.3:
        if node and rng.random() < 0.5:
            del node[rng.choice(list(node))]
        else:
            node[rng.choice(KEYS)] = rng.choice(HOSTILE)
        return value
    if isinstance(node, list) and kind < 0.3:
        op = rng.randrange(4)
        if op == 0 and node:
            del node[rng.randrange(len(node))]
        elif op == 1 and node:
            node.append(copy.deepcopy(rng.choice(node)))
        elif op == 2:
            rng.shuffle(node)
        else:
            node.insert(rng.randrange(len(node) + 1), rng.choice(HOSTILE))
        return value
    if kind < 0.4:
        return put(value, path, [node] * rng.choice([1, 2]) if rng.random() < 0.9 else _deep(rng))
    if kind < 0.7:
        return put(value, path, nudge(rng, node))
    return put(value, path, copy.deepcopy(rng.choice(HOSTILE)))


def _deep(rng: random.Random) -> Any:
    value: Any = "6-6"
    for _ in range(rng.choice([10, 100, 300])):  # deeper nesting comes as text (mutate_bytes)
        value = [value] if rng.random() < 0.5 else {"a": value}
    return value


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """One byte-level mutation."""
    if not data:
        return bytes([rng.randrange(256)])
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.randrange(1, 16))
    op = rng.randrange(9)
    if op == 0:
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    if op == 1:
        return data[:i] + data[j:]
    if op == 2:
        return data[:i]
    if op == 3:
        return data[:i] + data[i:j] * rng.choice([2, 3, 50]) + data[j:]
    if op == 4:
        return data[:i] + rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80", b"\xf4\x90\x80\x80"]) + data[i:]
    if op == 5:
        return data[:i] + rng.choice([b"\\udcff", b"\\ud800", b"NaN", b"Infinity", b"-Infinity", b"1e999",
                                      b"9" * 5000, b"[" * 3000, b"\\u0000", b'"', b"\\", b"{", b"]"]) + data[i:]
    if op == 6:
        k = rng.randrange(len(data))
        return data[:i] + data[k:k + rng.randrange(1, 40)] + data[i:]
    if op == 7:
        return data.replace(b" ", b"", 1) if rng.random() < 0.5 else data.replace(b"=", b"", 1)
    return data[:i] + b"\n" + data[i:]


def mutate_text(rng: random.Random, text: str) -> str:
    """One mutation of notation text: a token dropped, doubled or swapped, a digit changed, or a
    byte-level change read back (bytes that are no UTF-8 become lone surrogates, as a file read
    with ``surrogateescape`` would give)."""
    tokens = text.split(" ")
    op = rng.randrange(6)
    if op == 0 and len(tokens) > 1:
        del tokens[rng.randrange(len(tokens))]
    elif op == 1:
        tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(tokens))
    elif op == 2:
        rng.shuffle(tokens)
    elif op == 3:
        i = rng.randrange(len(tokens))
        key, _, value = tokens[i].partition("=")
        tokens[i] = f"{key}={nudge(rng, value) if rng.random() < 0.7 else rng.choice(TILES)}"
    elif op == 4:
        return mutate_bytes(rng, text.encode("utf-8", "surrogatepass")).decode("utf-8", "surrogateescape")
    else:
        i = rng.randrange(len(tokens))
        tokens[i] = "".join(rng.choice("0123456789.-/:=,") if rng.random() < 0.2 else c for c in tokens[i])
    return " ".join(str(t) for t in tokens)


def as_json_text(rng: random.Random, value: Any, changes: list[int] | None = None) -> bytes:
    """A value's JSON text (non-finite floats and surrogates included, as a careless writer
    would), then a few byte-level mutations (as many as one of ``changes``)."""
    try:
        data = json.dumps(value).encode()
    except (ValueError, RecursionError):  # a huge integer or a deep value: Python cannot write it
        data = b'{"cmd": "hello"}'
    for _ in range(rng.choice(changes or [0, 1, 1, 2, 3])):
        data = mutate_bytes(rng, data)
    return data


def mutated(rng: random.Random, seed: Any, text: Callable[[random.Random, str], str] = mutate_text) -> Any:
    """``seed`` after 0 to 4 mutations of its kind (a JSON value or notation text)."""
    n = rng.choice([0, 1, 1, 1, 2, 2, 3, 4])
    value = seed
    for _ in range(n):
        try:
            value = text(rng, value) if isinstance(value, str) else mutate_value(rng, value)
        except RecursionError:  # nested too deeply to copy: deep enough as it is
            break
    return value
