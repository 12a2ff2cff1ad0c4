"""Hypothesis strategies for the fuzzing suite: hostile JSON values, valid seeds edited by
hypothesis (so that it shrinks a finding to a small edit of a valid input), notation text edited
token by token, whole 42 deals (valid positions, which must round-trip), and engine request lines."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

from .mutate import HOSTILE, KEYS, TILES, get, paths, put
from .seeds import seeds

__all__ = ["json_values", "json_bytes", "edited", "edited_text", "deals_42", "engine_lines"]

# Text as careless clients write it: any code point, lone surrogates included.
texts = st.text(st.characters(exclude_categories=()), max_size=8) | st.sampled_from(
    [t for t in HOSTILE if isinstance(t, str)] + TILES)
leaves = st.one_of(
    st.none(), st.booleans(), st.integers(-300, 300), st.integers(), st.floats(), texts,
    st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),  # too long to print (made late: hypothesis prints strategies)
    st.sampled_from([h for h in HOSTILE if not isinstance(h, (list, dict))]),
)
json_values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.sampled_from(KEYS) | texts, inner, max_size=4), max_leaves=12)


def json_bytes(value: Any) -> bytes:
    """``value`` as JSON text (NaN and Infinity as Python writes them); an integer Python will not
    write in decimal as 5,000 nines."""
    try:
        return json.dumps(value).encode()
    except ValueError:
        return b"9" * 5000


@st.composite
def edited(draw: st.DrawFn, target: str) -> Any:
    """A valid input of ``target`` (a JSON value) after up to 3 edits: a value replaced, a key or
    list entry dropped, a key added."""
    value = copy.deepcopy(draw(st.sampled_from([s for s in seeds()[target] if not isinstance(s, str)])))
    for _ in range(draw(st.integers(0, 3))):
        path = draw(st.sampled_from(paths(value)))
        node, how = get(value, path), draw(st.sampled_from(["replace", "drop", "add"]))
        if how == "add" and isinstance(node, (dict, list)):
            if isinstance(node, dict):
                node[draw(st.sampled_from(KEYS) | texts)] = draw(json_values)
            else:
                node.insert(draw(st.integers(0, len(node))), draw(json_values))
        elif how == "drop" and path:
            del get(value, path[:-1])[path[-1]]
        else:
            value = put(value, path, draw(json_values))
    return value


notation_values = st.text("0123456789-./:=,NESWabcdegilmnoprstuvwxy", max_size=14) | st.sampled_from(TILES) | texts


@st.composite
def edited_text(draw: st.DrawFn, target: str) -> str:
    """A valid notation text of ``target`` with up to 3 tokens replaced, dropped or added."""
    tokens = draw(st.sampled_from(seeds()[target])).split(" ")
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(tokens) - 1))
        how = draw(st.sampled_from(["value", "token", "drop", "add"]))
        key = tokens[i].partition("=")[0]
        if how == "value":
            tokens[i] = f"{key}={draw(notation_values)}"
        elif how == "token":
            tokens[i] = draw(notation_values)
        elif how == "drop" and len(tokens) > 1:
            del tokens[i]
        else:
            tokens.insert(i, tokens[draw(st.integers(0, len(tokens) - 1))])
    return " ".join(tokens)


@st.composite
def deals_42(draw: st.DrawFn) -> str:
    """A 42 position at the start of play: any deal of the 28 tiles, trump and leader, as notation."""
    tiles = draw(st.permutations([t.replace("-", "") for t in TILES if int(t[0]) <= 6]))
    hands = "/".join(".".join(tiles[7 * s: 7 * s + 7]) for s in range(4))
    trump = draw(st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]))
    return f"trump={trump} leader={draw(st.sampled_from('NESW'))} hands={hands}"


@st.composite
def engine_lines(draw: st.DrawFn) -> bytes:
    """Request lines for an engine: a position (of a seed's view, edited or not), then requests of
    the seeds edited, or any JSON value, or bytes."""
    requests = seeds()["engine"]
    first = draw(st.sampled_from([r for r in requests if r["cmd"] == "position"]))
    lines = [first if draw(st.booleans()) else {"cmd": "position", "view": draw(edited("42.view.json"))}]
    for _ in range(draw(st.integers(0, 2))):
        lines.append(draw(st.sampled_from(requests) | st.fixed_dictionaries(
            {"cmd": st.sampled_from(["go", "hello", "stop", "position"])},
            optional={k: json_values for k in ("samples", "time", "threads", "seed", "id", "exact_limit", "x")})
            | json_values))
    text = b"".join(json_bytes(line) + b"\n" for line in lines)
    return text + draw(st.sampled_from([b"", b"\xff\n", b"\xc3\n", b"[" * 2000 + b"\n", b"\n\n", b" \t\n"]))
