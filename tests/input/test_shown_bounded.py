"""``errors.shown`` writes a wrong value for a message in JSON's words, cut at ``SHOWN_CHARS``, and reads
no more of a list or an object than the cut needs: a million-item list costs a few items, not a pass."""

from __future__ import annotations

import random

import pytest
from dominosolver.errors import SHOWN_CHARS, shown


def written(v: object) -> str:
    """The whole text ``shown`` cuts: JSON's words for null, true and false, lists and tuples in
    brackets, objects in braces, anything else as repr."""
    if v is None or isinstance(v, bool):
        return "null" if v is None else str(v).lower()
    if type(v) in (list, tuple):
        return "[" + ", ".join(map(written, v)) + "]"
    if type(v) is dict:
        return "{" + ", ".join(f"{written(k)}: {written(x)}" for k, x in v.items()) + "}"
    return repr(v)


def cut(text: str) -> str:
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def random_value(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(8 if depth < 3 else 5)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.randrange(-10**6, 10**6)
    if kind == 2:
        return rng.choice(["6-4", "it's", '"q"', "", "x" * 90])
    if kind == 3:
        return rng.random() * 100
    if kind == 4:
        return 10 ** rng.randrange(90)  # up to 90 digits: written in full, then cut
    if kind == 5:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(6))]
    if kind == 6:
        return tuple(random_value(rng, depth + 1) for _ in range(rng.randrange(4)))
    return {rng.choice(["a", "b", 1, None]): random_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def test_small_values_are_written_as_json_words_and_cut():
    assert shown([None, True, {"a": False}]) == "[null, true, {'a': false}]"
    assert shown((1, "x")) == "[1, 'x']"
    assert shown("x" * 100) == repr("x" * 100)[: SHOWN_CHARS - 3] + "..."
    assert len(shown(list(range(1000)))) == SHOWN_CHARS
    rng = random.Random(53)
    for _ in range(3000):
        v = random_value(rng)
        assert shown(v) == cut(written(v)), v


READ = [0]  # the items read from the values below


def counting(items):
    for item in items:
        READ[0] += 1
        yield item


class CountedList(list):
    """A list that counts the items read from it."""

    def __iter__(self):
        return counting(super().__iter__())


class CountedDict(dict):
    """An object that counts the entries read from it."""

    def items(self):
        return counting(super().items())


@pytest.mark.parametrize("size", [10, 10**6])
def test_a_huge_list_or_object_is_read_only_up_to_the_cut(size):
    READ[0] = 0
    values = CountedList(range(size))
    assert shown(values) == cut(written(list(range(min(size, 100)))))
    assert READ[0] <= min(size, SHOWN_CHARS)  # each item writes at least one character
    READ[0] = 0
    objects = CountedDict((f"k{i}", None) for i in range(size))
    assert shown(objects) == cut(written({f"k{i}": None for i in range(min(size, 100))}))
    assert READ[0] <= min(size, SHOWN_CHARS)
    READ[0] = 0
    nested = [CountedList(range(size))] * 3
    assert shown(nested).startswith("[[0, 1, 2") and READ[0] <= SHOWN_CHARS
