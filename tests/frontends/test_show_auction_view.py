"""`show` of a seat's view in the auction says it is the auction, its calls and who bids next (the
seat itself when the view names no turn, as advise-bid reads it), and the seat's bids when it calls."""

from __future__ import annotations

from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.texas42 import PlayerView
from dominosolver.texas42.rules import bid_name

HAND = "66.65.64.63.62.61.60"


def shown(text: str) -> list[str]:
    out = CliRunner().invoke(cli, ["show", text])
    assert out.exit_code == 0, out.output
    return out.output.splitlines()


def test_a_view_before_any_bid():
    lines = shown(f"seat=N hand={HAND}")
    assert lines[1] == "auction: no bids yet; N to bid" and "on the table" not in "\n".join(lines)


def test_a_view_to_call_lists_its_bids():
    text = f"seat=W hand={HAND} auction=E:pass,30"
    view = PlayerView(text)
    assert view.to_move == 3 and view.legal_bids
    lines = shown(text)
    assert lines[1] == "auction: E pass, S 30; W to bid"
    assert lines[2] == "legal bids: " + " ".join(bid_name(b) for b in view.legal_bids)


def test_another_seats_turn_and_moon():
    assert shown(f"seat=S hand={HAND} auction=E:pass,30")[1:] == ["auction: E pass, S 30; W to bid"]
    assert shown("moon seat=P1 hand=66.65.64.63.62.61.55")[1] == "auction: no bids yet; P1 to bid"


def test_a_view_in_play_is_unchanged():
    lines = shown("trump=4 seat=N leader=N hand=66.64.62.54.44.31.11 contract=N30")
    assert lines[0].endswith("on the table nothing; N to move") and not any(line.startswith("auction") for line in lines)
