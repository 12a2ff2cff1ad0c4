"""Text without a leading word is Texas 42's (docs/notation.md), also through ``dominosolver.moon``'s
Position and PlayerView (texas42's): when 42 cannot read it and another member can with its word, the
error says which word to lead with; 42's own errors and text are as before."""

from __future__ import annotations

import pytest
from dominosolver import moon, texas42
from dominosolver.errors import InvalidPositionError, ParseError

MOON_TEXT = "trump=6 hands=66.65.64.63.62.61.55/54.53.52.51.44.43.42/41.33.31.22.21.11.00 contract=P15"
BIG_GAME_TEXT = "trump=4 leader=N hands=73.82.10/33.83.21/44.62.20/88.55.40"
MOON_VIEW = "seat=P1 trump=6 hand=54.53.52.51.44.43.42 contract=P15"


@pytest.mark.parametrize("read, text, error, first, member", [
    (moon.Position, MOON_TEXT, ParseError, "hands= needs 4 hands separated by '/', got 3", "Moon's"),
    (texas42.Position, BIG_GAME_TEXT, InvalidPositionError, "tile 7-3 is not in the double-6 set", "The Big Game's"),
    (moon.PlayerView, MOON_VIEW, ParseError, "seat= needs a seat name (N, E, S, W), not 'P1'", "Moon's"),
])
def test_the_error_names_the_members_word(read, text, error, first, member):
    with pytest.raises(error) as caught:
        read(text)
    word = "moon" if member == "Moon's" else "biggame"
    said = str(caught.value)
    assert first in said and f"reads as {member} with its word first, '{word} {text.split()[0]} ...'" in said
    tagged = read(f"{word} {text}")  # ... and with it, it reads
    assert tagged.rules.family == word


def test_what_no_member_reads_keeps_42s_error():
    with pytest.raises(ParseError) as caught:
        moon.Position("trump=4 leader=N hands=66.65/55.54/44")
    assert str(caught.value) == "hands= needs 4 hands separated by '/', got 3"
    with pytest.raises(ParseError, match="malformed play 'zz'") as view_error:
        moon.PlayerView("seat=E hand=66.65.64.63.62.61.60 plays=zz")
    assert "leading word" not in str(view_error.value)


def test_tagged_and_42_text_read_as_before():
    pos = moon.Position("trump=6 leader=N hands=66.65.64/63.11.22/62.00.33/61.44.55 contract=N30")
    assert pos.rules == texas42.Rules() and str(pos).startswith("trump=6")
    assert moon.Position(f"moon {MOON_TEXT}").rules == moon.MOON
    with pytest.raises(ParseError, match="hands= needs 3 hands separated by '/', got 4$"):
        moon.Position("moon trump=6 leader=N hands=66.65.64/63.11.22/62.00.33/61.44.55")
