"""Options that would be silently ignored are refused by name, saying why: a mark risk where the
game has no bids of marks (Moon, Partnership Moon, The Big Game advise every bid at the risk alone),
and the engine's play-ranking limits (method, weighting, means) in the auction or declaring."""

from __future__ import annotations

import io
import json

import pytest
from dominosolver.cli import main
from dominosolver.engine import EngineServer
from dominosolver.serve import create_app
from dominosolver.texas42 import Game, Rules
from dominosolver.texas42.advice_defaults import ADVICE_DEFAULTS
from serve_support import KEY
from starlette.testclient import TestClient

HAND = {"moon": "66.65.64.63.62.61.55", "moon4": "66.65.64.63.62.61.55", "biggame": "88.87.86.85.84.83.82.81.80.77.66"}


def run(args: list[str], capsys) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    return exit_info.value.code, capsys.readouterr().err


@pytest.mark.parametrize("family", sorted(HAND))
def test_a_mark_risk_is_refused_where_there_are_no_mark_bids(family, capsys):
    title = Rules.of_game(family).row.title
    code, err = run(["advise-bid", HAND[family], "--rules", f"family:{family}", "--mark-risk", "0.5"], capsys)
    assert code == 2 and f"{title} has no mark bids" in err and "mark risk" in err, err
    with TestClient(create_app(key=KEY)) as client:
        reply = client.post("/v1/advise-bid", json={"hand": HAND[family], "rules": f"family:{family}",
                                                    "mark_risk": 0.5})
        assert 400 <= reply.status_code < 500 and f"{title} has no mark bids" in reply.text


def test_42_takes_a_mark_risk_and_uses_it(capsys):
    assert ADVICE_DEFAULTS["texas42"]["mark_risk"] is not None  # 42's bids of marks have their own threshold
    main(["advise-bid", "66.65.64.63.62.61.60", "--mark-risk", "0.5", "--samples", "4", "--json"])
    advice = json.loads(capsys.readouterr().out)
    assert advice["mark_risk"] == 0.5 != ADVICE_DEFAULTS["texas42"]["mark_risk"]
    assert advice["bid"] == "84" and advice["verdict"]["threshold"] == 0.5  # a bid of marks, judged at it


def engine_replies(view, *gos: dict) -> list[dict]:
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    server.handle(json.dumps({"cmd": "position", "view": view.to_json()}))
    server.wait()
    for go in gos:
        server.handle(json.dumps({"cmd": "go", **go}))
        server.wait()
    return [json.loads(x) for x in out.getvalue().splitlines()][1:]


@pytest.mark.parametrize("limits", [{"method": "infoset"}, {"weighting": "play"}, {"means": "all"},
                                    {"method": "pimc", "weighting": "uniform"}])
def test_the_engine_refuses_play_limits_in_the_auction(limits):
    game = Game(seed=1)
    view = game.view(game.to_move)
    assert view.trump is None and view.contract is None
    (reply,) = engine_replies(view, {"samples": 4, **limits})
    assert reply["type"] == "error" and reply["error"] == "ParseError"
    assert reply["message"].startswith(" and ".join(k for k in ("method", "weighting", "means") if k in limits))
    assert "rank plays" in reply["message"] or "ranks plays" in reply["message"]


def test_the_engine_still_advises_the_auction_without_them():
    game = Game(seed=1)
    (reply,) = engine_replies(game.view(game.to_move), {"samples": 4, "seed": 3, "exact_limit": 5})
    assert reply["type"] == "bestmove" and reply["move"] in {str(m) for m in game.legal_moves}
