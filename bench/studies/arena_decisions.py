"""Every decision of a game of `dominosolver arena --whole`, replayed: one JSON line a decision.

    python bench/studies/arena_decisions.py whole.jsonl --index 12 --side 0 > decisions.jsonl
    python bench/studies/arena_decisions.py whole.jsonl --index 12 --side 0 --check

An arena record keeps each game's result, not its decisions (some 250 a game). A 42 game is a pure
function of its deal, dealer and the bots' seeds (the hint bots of 42 have no time limit), so it is
replayed here with the same bots and written decision by decision: the move number, the seat, the
seat's view in notation, the choice in the words a game takes, the bot, what it rested on (the
hint bot's ``figures``: a hint's mean and P(make) per move, the shares its bid tests proved, the
adviser's verdict) and the seconds it took. The replay is checked against the record (winner and scores); ``--check`` only
checks.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from dominosolver.arena import make_bots
from dominosolver.texas42 import Game, Rules
from dominosolver.texas42.arena import ARENA
from dominosolver.texas42.rules import TEAMS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", help="the JSON lines of `dominosolver arena --whole -o`")
    parser.add_argument("--index", type=int, required=True, help="the deal's index in the run")
    parser.add_argument("--side", type=int, choices=(0, 1), default=0, help="the game where bot A sat on NS (0) or EW (1)")
    parser.add_argument("--check", action="store_true", help="replay and compare with the record only")
    args = parser.parse_args()
    with open(args.record) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    row = next((r for r in rows if r["index"] == args.index), None)
    if row is None:
        sys.exit(f"no deal {args.index} in {args.record}")
    record = next(g for g in row["games"] if g["a_side"] == args.side)
    a, b = row["pair"]
    options = row["settings"]["options"]
    bot_a, bot_b = make_bots(ARENA.whole, row["deal"], args.side, a, b, options)
    ns, ew = (bot_a, bot_b) if args.side == 0 else (bot_b, bot_a)
    names = {id(bot_a): a, id(bot_b): b}
    game = Game(seed=row["deal"], dealer=row["dealer"], rules=Rules.from_json(row.get("rules")))
    while not game.is_over:
        seat = game.to_move
        bot = (ns, ew)[seat % len(TEAMS)]
        view = game.view(seat)
        start = time.perf_counter()
        move = bot.choose(game)
        spent = time.perf_counter() - start
        if not args.check:
            print(json.dumps({"index": args.index, "a_side": args.side, "move": len(game.moves), "seat": seat,
                              "bot": names[id(bot)], "view": str(view), "choice": str(move),
                              "figures": getattr(bot, "figures", None), "seconds": round(spent, 4)}))
        game.play(move)
    replayed = {"winner": TEAMS.index(game.winner), "scores": list(game.scores.values())}
    if replayed != {k: record[k] for k in replayed}:
        sys.exit(f"the replay ended {replayed}, the record {record['winner']} {record['scores']}: not the same game")
    print(f"replayed deal {args.index}, A on {TEAMS[args.side]}: {TEAMS[replayed['winner']]} won "
          f"{replayed['scores']}, as recorded", file=sys.stderr)


if __name__ == "__main__":
    main()
