"""The 42 family's registry rows come from the core's family table (issue 42): one adapter
(``games/family42.py``) makes a row per family row, and a member the adapter has no ``Member`` line
for is served all the same (its title, a game class of its own, a demo of its first deal), so that a
new member of the family needs no edit of the registry."""

from __future__ import annotations

from dominosolver import _core, games
from dominosolver.games.family42 import MEMBERS, spec_of
from dominosolver.texas42 import Game, Rules
from dominosolver.texas42.rules import FAMILY_ROWS


def test_every_family_row_is_a_registry_row_with_its_tag_title_and_seats():
    rows = _core.texas42.family_rows()
    assert [row["name"] for row in rows] == list(FAMILY_ROWS) and len(rows) >= 4
    for row in rows:
        spec = games.get(row["name"])
        assert (spec.tag, spec.title) == (row["name"], row["title"])
        assert spec.Rules().family == row["name"] and spec.Game(seed=1).rules.family == row["name"]
        assert [spec.seat_name(s) for s in range(row["seats"])] == list(spec.Rules().seat_names)
        # What each row decides, as the rules say it: the table's units, the special-contract table.
        assert (spec.table.__name__ == "moon_table") == (row["ladder"] == "tricks")  # tricks, else points
        assert (spec.special_table is not None) == (row["ladder"] == "marks")
        assert spec.advise_bid is not None and spec.claim is not None and spec.engine.solver is not None
        assert set(spec.batch.tasks) == {"solve", "table", "hint", "grade"}


def test_a_member_without_a_member_line_is_served_from_its_row_alone():
    """Moon's row made without its Member line: its title for a name, a generated game class under
    Moon's rules, the same variants, deals, board row and advice as the registered row, and a demo."""
    made = spec_of(FAMILY_ROWS["moon"])
    registered = games.get("moon")
    assert "moon" in MEMBERS and made.name == made.title == "Moon" and made.aliases == ()
    assert made.Game is not registered.Game and issubclass(made.Game, Game) and issubclass(made.Rules, Rules)
    assert made.Rules() == registered.Rules() and made.Game(seed=3).deal() == registered.Game(seed=3).deal()
    assert made.variants == registered.variants and made.board() == registered.board()
    pos = made.deal(2, made.variants[0])
    assert pos == registered.deal(2, registered.variants[0])
    view = made.Game(seed=5).view(made.Game(seed=5).to_move)
    advice = made.advise_bid(view, samples=4, seed=1, threads=1).to_json()
    assert {k: v for k, v in advice.items() if k != "elapsed"} == {
        k: v for k, v in registered.advise_bid(view, samples=4, seed=1, threads=1).to_json().items() if k != "elapsed"}
    shown = list(made.render.demo())
    assert shown and "Moon — a built-in deal" in str(shown[0].title)
