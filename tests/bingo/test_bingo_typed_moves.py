"""What a person types at `play --human`: a move as the list says it is read back, and a tile they do
not hold is refused without telling where it lies (the game knows the hidden hands and the boneyard;
the person must not learn them from an error)."""

from __future__ import annotations

from typing import Any

import pytest
from dominosolver import games
from dominosolver.cli.human import HumanGame
from rich.console import Console


def text(items: Any) -> str:
    console = Console(record=True, width=200, color_system=None)
    for item in items:
        console.print(item)
    return console.export_text()


@pytest.mark.parametrize("tag, seat", [("bingo", 0), ("42", 0)])
def test_a_tile_not_held_is_refused_without_saying_where_it_is(tag: str, seat: int) -> None:
    shown: list[str] = []
    typed: list[str] = []
    game: HumanGame

    def read(prompt: str) -> str:
        if typed:
            return "q"
        if all(getattr(m, "kind", None) != "tile" for m in game.game.legal_moves):
            return "1"  # the auction and declaring (42): the first choice, until the play
        view = game.game.view(seat)
        unseen = view.unknown if tag == "bingo" else view.hidden  # tiles whose place the person does not know
        hidden = [str(t) for t in sorted(unseen, key=lambda t: t.id) if t not in view.hand]
        typed.append(hidden[0])
        return hidden[0]

    game = HumanGame(games.get(tag), seat, 0, show=lambda items: shown.append(text(items)), read=read)
    game.run()
    assert typed, shown
    refusal = next(s for s in shown if typed[0] in s and "(or a move's number" in s)
    assert refusal.startswith(f"you do not hold {typed[0]}"), refusal
    for where in ("boneyard", "hand", "belongs"):
        assert where not in refusal, refusal


@pytest.mark.parametrize("typed", ["declare 4-4 and 2-2 (20 points)", "Declare 4-4 and 2-2"])
def test_a_declaration_is_read_back_as_the_list_says_it(typed: str) -> None:
    answers = iter([typed, "q"])
    game = HumanGame(games.get("bingo"), 0, 0, show=lambda items: None, read=lambda prompt: next(answers))
    game.run()  # seed 0: player 0 leads holding 4-4 and 2-2
    assert [str(m) for m in game.game.moves] == ["declare:4-4,2-2"]
