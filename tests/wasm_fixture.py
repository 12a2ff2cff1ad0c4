"""What the WebAssembly module's node tests (tests/wasm/*.test.mjs) check, with what the Python
package answers: positions (their JSON, legal plays, the position after a play, their solve), draws of
``random.Random(seed).randrange(n)``, views with their worlds drawn from a seed, hints (the
``dominosolver.hint/1`` JSON, less its time and node count) and bid advice (``dominosolver.bidadvice/1``,
less its time). Written to tests/data/wasm_cases.json by
``python tests/wasm_fixture.py``; tests/wasm/test_wasm.py checks that the committed file is what the
package gives today, so the two sides cannot drift."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from dominosolver import Tile
from dominosolver.texas42 import Game, PlayerView, Position, Rules, advise_bid, hint, solve
from dominosolver.texas42.rules import parse_bid
from dominosolver.texas42.sampling import WorldSampler
from dominosolver.tiles import mask_of, tiles_of

FIXTURE = Path(__file__).resolve().parent / "data" / "wasm_cases.json"
TRUMPS = [0, 1, 2, 3, 4, 5, 6, "doubles", "none"]


def dealt(rng: random.Random, rules: Rules) -> list[list[Tile]]:
    tiles = tiles_of(mask_of(Tile.from_id(t) for t in range(45)) & rules._core.tile_set)
    rng.shuffle(tiles)
    size = rules.hand_size
    return [tiles[size * k: size * k + size] for k in range(rules.seats)]


def played(pos: Position, rng: random.Random, plays: int) -> Position:
    for _ in range(plays):
        pos.play(rng.choice(pos.legal_moves))
    return pos


def positions() -> list[tuple[str, Position]]:
    """Positions of every family, trump kind and point of a trick, small enough to solve at once
    (two of them a whole 42 hand)."""
    out = []
    for seed in range(16):  # Texas 42: 2..5 tricks left, any point of a trick, half under a contract
        rng = random.Random(f"wasm-42-{seed}")
        trump = rng.choice(TRUMPS)
        contract = (rng.randrange(4), rng.choice([30, 34, 42, 84])) if seed % 2 else None
        leader = rng.randrange(4)
        pos = Position(trump=trump, hands=dealt(rng, Rules()), leader=None if contract else leader, contract=contract)
        out.append((f"42 #{seed}", played(pos, rng, (7 - rng.randrange(2, 6)) * 4 + seed % 4)))
    for seed in range(2):  # a whole hand, from the opening lead
        rng = random.Random(f"wasm-42-deal-{seed}")
        out.append((f"42 deal #{seed}", Position(trump=rng.choice(TRUMPS), hands=dealt(rng, Rules()), contract=(seed, 30))))
    for seed, rules in enumerate([Rules(nt_doubles="low"), Rules.from_json({"first_lead_trump": "on", "nt_doubles": "low"})]):
        rng = random.Random(f"wasm-flags-{seed}")  # variant flags
        pos = Position(trump="none" if seed == 0 else 4, hands=dealt(rng, rules), rules=rules, contract=(1, 30))
        out.append((f"42 flags #{seed}", played(pos, rng, 14 + seed)))
    for seed, trump in enumerate(["nello", "sevens"]):  # the special contracts
        rng = random.Random(f"wasm-special-{seed}")
        pos = Position(trump=trump, hands=dealt(rng, Rules()), contract=(0, 42))
        out.append((f"42 {trump}", played(pos, rng, 12 + seed)))
    for family in ("moon", "moon4", "biggame"):
        rules = Rules(family=family)
        for seed in range(3):
            rng = random.Random(f"wasm-{family}-{seed}")
            hands = dealt(rng, rules)
            trump = rng.choice([0, 1, 2, 3, 4, 5, 6, "none"])
            bid = {"moon": 5, "moon4": 5, "biggame": 30}[family] if family != "biggame" else None
            contract = (rng.randrange(rules.seats), bid) if bid else None
            pos = Position(trump=trump, hands=hands, rules=rules, contract=contract)
            left = 3 if family == "biggame" else 4
            out.append((f"{family} #{seed}", played(pos, rng, (rules.hand_size - left) * rules.seats + seed)))
    for family, bid in (("moon", 5), ("biggame", 42)):  # the bidder's laid-away tile: a position's discard
        rules = Rules(family=family)
        rng = random.Random(f"wasm-discard-{family}")
        tiles = tiles_of(mask_of(Tile.from_id(t) for t in range(45)) & rules._core.tile_set)
        rng.shuffle(tiles)
        discard = next(t for t in tiles if (t.hi + t.lo) % 5)  # no counter (The Big Game's bidder keeps those)
        tiles.remove(discard)
        size = rules.hand_size
        hands = [tiles[size * k: size * k + size] for k in range(rules.seats)]
        pos = Position(trump=3, hands=hands, rules=rules, contract=(1, bid), discard=discard)
        out.append((f"{family} with a discard", played(pos, rng, 2 * rules.seats + 1)))
    return out


def case(name: str, pos: Position) -> dict[str, Any]:
    result = solve(pos)
    after = pos.copy() if hasattr(pos, "copy") else Position.from_json(pos.to_json())
    move = str(pos.legal_moves[-1])
    after.play(move)
    return {
        "name": name,
        "position": pos.to_json(),
        "text": str(pos),
        "legal_moves": [str(m) for m in pos.legal_moves],
        "play": move,
        "after": after.to_json(),
        "solve": {"value": result.value, "units": result.units, "pov": result.pov, "moves": result.moves,
                  "best": result.best},
    }


# randrange's draws: seeds of one and two 32-bit words, ranges of 1 bit to 64 (The Big Game's counts
# pass 2^32; past 2^53 a JavaScript number is no longer exact, so they travel as strings).
SEEDS = [0, 1, 7, 42, 2**31 - 1, 2**32 - 1, 2**32, 123456789012, 2**53 - 1]
RANGES = [1, 2, 3, 5, 200, 560, 2**16 + 1, 2**31 - 1, 2**32 - 1, 2**32, 2**32 + 1, 10**12 + 39, 2**53 + 5, 2**63 - 25,
          2**64 - 1]
DRAWS = 8


def randrange_cases() -> list[dict[str, Any]]:
    out = []
    for seed in SEEDS:
        for n in RANGES:
            rng = random.Random(seed)
            out.append({"seed": str(seed), "n": str(n), "draws": [str(rng.randrange(n)) for _ in range(DRAWS)]})
    return out


def hint_views() -> list[tuple[str, Any, dict[str, Any]]]:
    """Views of every family and kind of contract, at the first lead and within a trick, with the
    hint options each is asked with (small enough for CI: a few seconds in all)."""
    out: list[tuple[str, Any, dict[str, Any]]] = []
    rng = random.Random("wasm-hint-lead")
    lead = Position(trump=5, hands=dealt(rng, Rules()), contract=(0, 30))
    out.append(("42 first lead, bid 30", lead.view(0), {"samples": 30, "seed": 11}))
    rng = random.Random("wasm-hint-lead-84")
    lead = Position(trump="doubles", hands=dealt(rng, Rules()), contract=(2, 84))
    out.append(("42 first lead, 84 on doubles", lead.view(2), {"samples": 20, "seed": 2**40 + 3}))
    for seed in range(4):  # within a trick, later in the hand: sampled, and enumerated
        rng = random.Random(f"wasm-hint-mid-{seed}")
        pos = played(Position(trump=rng.choice(TRUMPS), hands=dealt(rng, Rules()), contract=(seed, 30 + 2 * seed)), rng,
                     9 + 5 * seed)
        out.append((f"42 mid-hand #{seed}", pos.view(pos.to_move), {"samples": 40, "seed": seed}))
    rng = random.Random("wasm-hint-nocontract")
    pos = played(Position(trump=2, hands=dealt(rng, Rules()), leader=1), rng, 6)
    out.append(("42 without a contract", pos.view(pos.to_move), {"samples": 25, "seed": 5}))
    rng = random.Random("wasm-hint-points")
    pos = played(Position(trump=4, hands=dealt(rng, Rules()), contract=(1, 31)), rng, 10)
    out.append(("42 means all, objective points", pos.view(pos.to_move),
                {"samples": 25, "seed": 6, "means": "all", "objective": "points"}))
    rng = random.Random("wasm-hint-game")
    pos = played(Position(trump=3, hands=dealt(rng, Rules()), contract=(2, 30)), rng, 8)
    out.append(("42 objective game, score 5-6", pos.view(pos.to_move),
                {"samples": 25, "seed": 13, "objective": "game", "score": [5, 6]}))
    rng = random.Random("wasm-hint-auction")  # auction weighting: worlds weighted by the calls, more drawn
    pos = played(Position(trump=4, hands=dealt(rng, Rules()), contract=(2, 32)), rng, 5)
    auction = tuple((s, parse_bid(b)) for s, b in ((3, 0), (0, 30), (1, 31), (2, 32)))
    out.append(("42 auction weighting", PlayerView.of_position(pos, pos.to_move, auction),
                {"samples": 30, "seed": 3, "weighting": "auction"}))
    pos = played(pos, rng, 6)  # the other seats' last plays weigh the worlds too
    out.append(("42 auction+play weighting", PlayerView.of_position(pos, pos.to_move, auction),
                {"samples": 30, "seed": 5, "weighting": "auction+play"}))
    rng = random.Random("wasm-hint-play")
    pos = played(Position(trump="doubles", hands=dealt(rng, Rules()), contract=(0, 30)), rng, 14)
    out.append(("42 play weighting", pos.view(pos.to_move), {"samples": 30, "seed": 2, "weighting": "play"}))
    rng = random.Random("wasm-hint-gone")
    pos = played(Position(trump=6, hands=dealt(rng, Rules()), contract=(3, 30)), rng, 13)
    partial = Position(trump=6, hands=[tiles_of(m) for m in pos._pos.hands], leader=pos.leader, contract=(3, 30),
                       trick=[str(t) for t in pos.trick])  # the earlier tricks unrecorded: gone
    out.append(("42 earlier tricks not recorded", partial.view(partial.to_move), {"samples": 30, "seed": 8}))
    for trump, plays in (("nello", 5), ("sevens", 6)):  # special contracts: no trick, every trick
        rng = random.Random(f"wasm-hint-{trump}")
        pos = played(Position(trump=trump, hands=dealt(rng, Rules()), contract=(1, 42)), rng, plays)
        out.append((f"42 {trump}", pos.view(pos.to_move), {"samples": 30, "seed": 9}))
    for family, bid, left in (("moon", 5, 5), ("moon4", 5, 5), ("biggame", 30, 5)):
        rules = Rules(family=family)
        rng = random.Random(f"wasm-hint-{family}")
        pos = Position(trump=rng.choice([0, 1, 2, 3, 4, 5, 6]), hands=dealt(rng, rules), rules=rules,
                       contract=(rng.randrange(rules.seats), bid) if family != "biggame" else None)
        pos = played(pos, rng, (rules.hand_size - left) * rules.seats + 1)
        out.append((f"{family} mid-hand", pos.view(pos.to_move), {"samples": 20, "seed": 10}))
    for family, bid, left in (("moon", 5, 5), ("biggame", 42, 4)):  # the bidder's view: its discard known
        rules = Rules(family=family)
        rng = random.Random(f"wasm-hint-bidder-{family}")
        pos = Position(trump=rng.choice([0, 1, 2, 3, 4, 5, 6]), hands=dealt(rng, rules), rules=rules, contract=(0, bid))
        while not (pos.to_move == 0 and pos.tricks_left <= left):
            pos.play(rng.choice(pos.legal_moves))
        out.append((f"{family}, the bidder's view", pos.view(0), {"samples": 20, "seed": 4}))
    # The Big Game's auction, in which a seat bids again until it passes (§4.3): its text names only
    # the first caller.
    game = Game(rules=Rules(family="biggame"), seed=5)
    rng = random.Random("wasm-hint-biggame-auction")
    bids = 0
    while game.phase == "bidding":
        calls = [str(m) for m in game.legal_moves]
        game.play(calls[1] if bids < 3 and len(calls) > 1 else "pass")
        bids += 1
    while game.position is None:  # the exchange, the declaration
        game.play(game.legal_moves[0])
    while game.position.tricks_left > 4:
        game.play(rng.choice(game.legal_moves))
    out.append(("biggame with its auction", game.view(game.to_move), {"samples": 10, "seed": 1}))
    # Moon's widow exchange (docs/rules.md §4.1): the bidder holds its hand and the widow; its moves
    # are the tiles it may lay away.
    rules = Rules(family="moon")
    rng = random.Random("wasm-hint-exchange")
    tiles = tiles_of(mask_of(Tile.from_id(t) for t in range(45)) & rules._core.tile_set)
    rng.shuffle(tiles)
    exchange = PlayerView.from_json({"game": "moon", "seat": 1, "contract": {"declarer": 1, "bid": 5}, "trump": 4,
                                     "hand": [str(t) for t in tiles[:8]], "hand_sizes": [7, 8, 7]})
    out.append(("moon, the widow exchange", exchange, {"samples": 20, "seed": 12}))
    return out


def set_up(pos: Position, history: bool) -> Position:
    """``pos`` set up anew from its JSON (its hands, the trick on the table and who led it), as a
    board or a study sets up a position mid-trick: its earlier tricks recorded (``history``) or not
    (their tiles are then gone)."""
    j = pos.to_json()
    if not history:
        j.pop("history", None)
    return Position.from_json(j)


def positions_seen() -> list[tuple[str, Position, list[int | None], dict[str, Any] | None]]:
    """Positions set up mid-trick (their earlier tricks recorded or not), of every family and kind of
    contract, with the seats whose views are asked (None: the seat to move) and the options of a hint
    asked of the seat to move (None: no hint)."""
    out: list[tuple[str, Position, list[int | None], dict[str, Any] | None]] = []
    for seed in range(3):  # 42: at each point of a trick, the earlier tricks unrecorded, then recorded
        rng = random.Random(f"wasm-seen-42-{seed}")
        pos = played(Position(trump=rng.choice(TRUMPS), hands=dealt(rng, Rules()), contract=(seed, 30 + seed)), rng,
                     13 + seed)
        out.append((f"42 set up mid-trick #{seed}", set_up(pos, False), [None, 0, 1, 2, 3],
                    {"samples": 20, "seed": 20 + seed}))
        out.append((f"42 set up mid-trick with its history #{seed}", set_up(pos, True), [None, seed],
                    {"samples": 20, "seed": 30 + seed} if seed == 0 else None))
    rng = random.Random("wasm-seen-nocontract")  # no contract: the whole table plays, any leader
    pos = played(Position(trump="none", hands=dealt(rng, Rules()), leader=2), rng, 7)
    out.append(("42 without a contract set up mid-trick", set_up(pos, False), [None, 0], {"samples": 20, "seed": 7}))
    rng = random.Random("wasm-seen-plunge")  # a Plunge: the bidder's four doubles shown; the partner names
    tiles = tiles_of(mask_of(Tile.from_id(t) for t in range(28)))
    rng.shuffle(tiles)
    doubles = [t for t in tiles if t.hi == t.lo]
    rest = [t for t in tiles if t not in doubles[:4]]
    hands = [doubles[:4] + rest[:3]] + [rest[3 + 7 * k: 10 + 7 * k] for k in range(3)]
    pos = played(Position(trump="doubles", hands=hands, contract=(0, "168:plunge")), rng, 6)
    out.append(("42 plunge set up mid-trick", set_up(pos, False), [None, 0, 1], {"samples": 20, "seed": 8}))
    for trump, plays in (("nello", 6), ("sevens", 5)):
        rng = random.Random(f"wasm-seen-{trump}")
        pos = played(Position(trump=trump, hands=dealt(rng, Rules()), contract=(3, 42)), rng, plays)
        out.append((f"42 {trump} set up mid-trick", set_up(pos, False), [None, 1, 3], {"samples": 20, "seed": 9}))
    for family, bid in (("moon", 5), ("moon4", 5), ("biggame", 42)):
        rules = Rules(family=family)
        rng = random.Random(f"wasm-seen-{family}")
        tiles = tiles_of(mask_of(Tile.from_id(t) for t in range(45)) & rules._core.tile_set)
        rng.shuffle(tiles)
        discard = next(t for t in tiles if (t.hi + t.lo) % 5) if rules.undealt else None  # no counter (§4.3)
        if discard is not None:
            tiles.remove(discard)
        size = rules.hand_size
        hands = [tiles[size * k: size * k + size] for k in range(rules.seats)]
        pos = played(Position(trump=2, hands=hands, rules=rules, contract=(1, bid), discard=discard), rng,
                     (size - 5) * rules.seats + 1)
        seats = [None, *range(rules.seats)]
        out.append((f"{family} set up mid-trick" + (", the discard named" if discard else ""), set_up(pos, False), seats,
                    {"samples": 12, "seed": 11}))
        out.append((f"{family} set up mid-trick with its history", set_up(pos, True), seats, None))
    return out


def seen_cases() -> list[dict[str, Any]]:
    out = []
    for name, pos, seats, options in positions_seen():
        views = [{"seat": seat, "view": pos.view(pos.to_move if seat is None else seat).to_json()} for seat in seats]
        c: dict[str, Any] = {"name": name, "position": pos.to_json(), "views": views}
        if options is not None:
            c["options"] = options
            c["hint"] = comparable(hint(pos.view(pos.to_move), **options).to_json())
        out.append(c)
    return out


def big_game_lead() -> Any:
    """The Big Game's first lead (11 tricks: a world takes up to seconds), where a time limit gives
    each world a node budget."""
    rules = Rules(family="biggame")
    rng = random.Random("wasm-hint-biggame-lead")
    pos = Position(trump=4, hands=dealt(rng, rules), rules=rules)
    return pos.view(pos.to_move)


def comparable(h: dict[str, Any]) -> dict[str, Any]:
    """A hint's JSON less what differs run to run (its time, its node count: the tables' sizes and
    threads change the search, not the values)."""
    return {k: v for k, v in h.items() if k not in ("elapsed", "nodes")}


def hint_cases() -> list[dict[str, Any]]:
    out = []
    for name, view, options in hint_views():
        sampler = WorldSampler(view)
        worlds = sampler.sample(3, options["seed"])
        out.append({
            "name": name,
            "view": view.to_json(),
            "text": str(view),
            "options": options,
            "count": str(sampler.count),
            "worlds": [[[str(t) for t in sorted(tiles_of(m), reverse=True)] for m in w] for w in worlds],
            "hint": comparable(hint(view, **options).to_json()),
            # As a worker runs it (batches of worlds, a stop between them): an enumeration's order shuffled.
            "hint_stoppable": comparable(hint(view, **options, should_stop=lambda: False).to_json()),
        })
    name, view, options = hint_views()[0]
    out.append({"name": name + ", stopped after its first batch", "view": view.to_json(), "options": options,
                "stop": True, "hint": comparable(hint(view, **options, should_stop=lambda: True).to_json())})
    # A time limit of 0: the first batch alone, whatever the clock says (pimc.py checks it after each batch).
    out.append({"name": name + ", time 0", "view": view.to_json(), "options": options, "stop": True, "time_ms": 0,
                "hint": comparable(hint(view, **options, time=0).to_json())})
    return out


def bid_questions() -> list[tuple[str, list[str], int, list[list[Any]]]]:
    """Plain 42's calls (default rules): openings, over a pass, under the partner's high bid, the
    dealer after three passes, over a bid of 42; small (30 deals each) for CI."""
    out: list[tuple[str, list[str], int, list[list[Any]]]] = []
    questions = [("opening", 0, []), ("over a pass", 1, [[0, "pass"]]), ("the partner holds the high bid", 2, [[0, 30], [1, "pass"]]),
                 ("the dealer after three passes", 0, [[1, "pass"], [2, "pass"], [3, "pass"]]),
                 ("over a bid of 42", 3, [[2, 42]])]
    for k, (name, seat, auction) in enumerate(questions):
        rng = random.Random(f"wasm-bid-{k}")
        hand = [str(t) for t in dealt(rng, Rules())[seat]]
        out.append((f"42 bid: {name}", hand, seat, auction))
    out.append(("42 bid: doubles, opening", ["6-6", "5-5", "4-4", "3-3", "2-2", "6-5", "1-1"], 1, []))
    out.append(("42 bid: sixes, the partner holds the high bid", ["6-6", "6-5", "6-4", "6-1", "5-5", "3-0", "2-1"], 2,
                [[0, 30], [1, "pass"]]))
    return out


SPECIALS = {"specials": "all"}


def declaring_and_special_questions() -> list[tuple[str, list[str], int, list[list[Any]], dict[str, Any]]]:
    """The declaration of a contract won (which trump to name) and, under specials = all, the special
    bids: a Plunge and a Splash offered at the opening, Nel-O and Sevens declared on a mark bid, Nel-O
    named on a contract won, the partner naming under a Plunge; with the rules' flags."""
    low = ["1-0", "2-0", "3-0", "2-1", "4-0", "3-1", "5-0"]
    return [
        ("42 declare: the contract won at 30", ["6-6", "6-5", "6-4", "6-2", "5-5", "3-1", "2-0"], 1,
         [[1, 30], [2, "pass"], [3, "pass"], [0, "pass"]], {}),
        ("42 declare: the contract won at 84 over the partner's 30", ["5-5", "5-4", "5-3", "5-2", "5-0", "4-4", "1-1"], 2,
         [[3, "pass"], [0, 30], [1, "pass"], [2, 84]], {}),
        ("42 declare: the dealer forced to 30, a poor hand", ["6-1", "5-1", "4-2", "3-2", "3-1", "2-0", "1-0"], 0,
         [[1, "pass"], [2, "pass"], [3, "pass"], [0, 30]], {}),
        ("42 specials: four doubles at the opening (Plunge, Splash)", ["6-6", "5-5", "4-4", "3-3", "6-5", "6-4", "6-3"], 0,
         [], SPECIALS),
        ("42 specials: three doubles over a pass", ["6-6", "5-5", "4-4", "6-3", "5-2", "2-0", "1-0"], 1,
         [[0, "pass"]], SPECIALS),
        ("42 specials: a Nel-O hand over a pass", low, 2, [[1, "pass"]], SPECIALS),
        ("42 specials: declare the 84 won, a Nel-O hand", low, 3, [[0, "pass"], [1, "pass"], [2, "pass"], [3, 84]],
         SPECIALS),
        ("42 specials: name for the partner's Plunge", ["6-2", "5-3", "4-1", "6-0", "3-2", "2-0", "1-0"], 2,
         [[0, "168:plunge"], [1, "pass"], [2, "pass"], [3, "pass"]], SPECIALS),
        ("42 specials: the partner holds the high bid", low, 3, [[0, "pass"], [1, 30], [2, "pass"]], SPECIALS),
    ]


def moon_questions() -> list[tuple[str, list[str], int, list[list[Any]], dict[str, Any]]]:
    """Moon's and Partnership Moon's calls and declarations (tricks as the bidder, Moon's best discard
    of the widow per deal), Moon with its widow left out of play."""
    out: list[tuple[str, list[str], int, list[list[Any]], dict[str, Any]]] = []
    questions = [("moon", "opening", 1, [], {}), ("moon", "over a bid of 5", 2, [[1, 5]], {}),
                 ("moon", "declare the 5 won", 0, [[1, "pass"], [2, "pass"], [0, 5]], {}),
                 ("moon", "the widow left out of play", 1, [], {"moon_widow": "none"}),
                 ("moon4", "opening", 0, [], {}), ("moon4", "the partner holds the high bid", 3, [[0, "pass"], [1, 5], [2, "pass"]], {}),
                 ("moon4", "declare the 6 won", 2, [[3, "pass"], [0, "pass"], [1, 5], [2, 6]], {})]
    for k, (family, name, seat, auction, flags) in enumerate(questions):
        rules = Rules.from_json({"family": family, **flags})
        rng = random.Random(f"wasm-bid-{family}-{k}")
        hand = [str(t) for t in sorted(dealt(rng, rules)[seat], reverse=True)]
        out.append((f"{family} bid: {name}", hand, seat, auction, {"family": family, **flags}))
    out.append(("moon bid: a strong hand, opening", ["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "1-1"], 1, [],
                {"family": "moon"}))
    return out


def option_questions() -> list[tuple[str, list[str], int, list[list[Any]], dict[str, Any], dict[str, Any]]]:
    """Questions asked without a seed (the question's own, question_seed's) and with 42's score."""
    strong = ["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "1-1"]
    return [
        ("42 bid: opening, no seed (the question's own)", ["6-6", "6-4", "5-5", "5-3", "4-1", "3-3", "2-0"], 0, [], {},
         {"samples": 20}),
        ("moon bid: declare the 5 won, no seed", strong, 1, [[1, 5], [2, "pass"], [0, "pass"]], {"family": "moon"},
         {"samples": 12}),
        ("42 specials: declaring, no seed", ["1-0", "2-0", "3-0", "2-1", "4-0", "3-1", "5-0"], 3,
         [[0, "pass"], [1, "pass"], [2, "pass"], [3, 84]], SPECIALS, {"samples": 12}),
        ("42 bid: at 5-6, the score's odds", ["6-6", "6-5", "6-2", "5-5", "4-4", "3-1", "2-0"], 1, [[0, "pass"]], {},
         {"samples": 30, "seed": 7, "score": [5, 6]}),
        ("42 bid: at 0-6 over 30, the score's odds", ["5-5", "5-4", "5-3", "4-4", "3-3", "6-1", "2-0"], 2, [[1, 30]], {},
         {"samples": 30, "seed": 8, "score": "0-6"}),
        ("42 bid: at 6-0, the partner's 30 stands", ["6-6", "6-5", "6-4", "5-5", "4-4", "3-1", "2-0"], 2,
         [[0, 30], [1, "pass"]], {}, {"samples": 30, "seed": 9, "score": [6, 0]}),
        # A time limit of 0: the first batch of deals alone (8), whatever the clock says.
        ("42 specials: time 0, the first batch of deals", ["6-6", "5-5", "4-4", "3-3", "6-5", "6-4", "6-3"], 0, [],
         SPECIALS, {"samples": 200, "seed": 10, "time": 0}),
        ("moon bid: time 0, the first batch of deals", strong, 1, [], {"family": "moon"},
         {"samples": 200, "seed": 11, "time": 0}),
    ]


def bid_cases() -> list[dict[str, Any]]:
    out = []
    questions = ([(*q, {}, None) for q in bid_questions()] + [(*q, None) for q in declaring_and_special_questions()]
                 + [(*q, None) for q in moon_questions()] + option_questions())
    for k, (name, hand, seat, auction, flags, asked) in enumerate(questions):
        options = asked or {"samples": 20 if "family" in flags else 30, "seed": 100 + k}
        advice = advise_bid(hand, seat=seat, auction=[tuple(a) for a in auction], threads=1,
                            rules=Rules.from_json(flags), **options).to_json()
        out.append({"name": name, "hand": hand, "seat": seat, "auction": auction, "options": options,
                    **({"rules": flags} if flags else {}),
                    "advice": {key: value for key, value in advice.items() if key != "elapsed"}})
    return out


def stopped_bid_cases() -> list[dict[str, Any]]:
    """Advice stopped at once (``should_stop`` always true): the first batch of deals alone (42's 100,
    Moon's 50, of the 200 asked), as the hint worker's stop ends the module's."""
    questions = [("42 bid: stopped, the first batch of deals", ["6-6", "6-4", "5-5", "5-3", "4-1", "3-3", "2-0"], 1,
                  [[0, "pass"]], {}),
                 ("moon bid: stopped, the first batch of deals", ["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "1-1"], 1, [],
                  {"family": "moon"})]
    out = []
    for k, (name, hand, seat, auction, flags) in enumerate(questions):
        options = {"samples": 200, "seed": 40 + k}
        advice = advise_bid(hand, seat=seat, auction=[tuple(a) for a in auction], threads=1, rules=Rules.from_json(flags),
                            should_stop=lambda: True, **options).to_json()
        out.append({"name": name, "hand": hand, "seat": seat, "auction": auction, "options": options,
                    **({"rules": flags} if flags else {}),
                    "advice": {key: value for key, value in advice.items() if key != "elapsed"}})
    return out


def view_bid_cases() -> list[dict[str, Any]]:
    """Advice of a view in the auction as ``POST /v1/advise-bid {view}`` gives it (no seed: the
    question's own): the partner naming for a Plunge, the plunger's doubles shown (``revealed``) and
    kept with it in every deal. The first game of seeds from 0 whose first bidder may Plunge."""
    from dominosolver.texas42 import Game
    rules = Rules.from_json(SPECIALS)
    seed = 0
    while not any("plunge" in str(m) for m in Game(seed, rules=rules).legal_moves):
        seed += 1
    game = Game(seed, rules=rules)
    game.play(next(m for m in game.legal_moves if "plunge" in str(m)))
    while game.phase == "bidding":
        game.play("pass")
    view = game.view(game.to_move)
    options = {"samples": 30}
    advice = advise_bid(view, threads=1, **options).to_json()
    return [{"name": f"42 specials: name for the partner's Plunge, its doubles shown (game {seed})", "view": view.to_json(),
             "options": options, "advice": {key: value for key, value in advice.items() if key != "elapsed"}}]


def table_deals() -> list[tuple[str, Any, bool]]:
    """Deals in each form ``POST /v1/table`` reads ('hands=...', a game's word, JSON, a position's
    text and JSON), of each member whose table is quick (The Big Game's cells take seconds each),
    and 42's special-contract table (with the special contracts offered: Nel-O's and Sevens' rows)."""
    def hands_text(hands: list[list[Tile]]) -> str:
        return "hands=" + "/".join(".".join(t.compact() for t in h) for h in hands)

    out: list[tuple[str, Any, bool]] = []
    for seed in range(2):
        hands = dealt(random.Random(f"wasm-table-{seed}"), Rules())
        out.append((f"42 table #{seed}", hands_text(hands), False))
        out.append((f"42 special table #{seed}", hands_text(hands), True))
    rules = Rules.from_json({"specials": "all"})
    hands = dealt(random.Random("wasm-table-specials"), rules)
    deal = {"game": "texas42", "rules": rules.to_json(), "hands": [[str(t) for t in h] for h in hands]}
    out.append(("42 table, specials:all", deal, False))
    out.append(("42 special table, specials:all", deal, True))
    rng = random.Random("wasm-table-position")
    pos = played(Position(trump=3, hands=dealt(rng, Rules()), contract=(2, 31)), rng, 9)
    out.append(("42 table of a position's text", str(pos), False))
    out.append(("42 table of a position's JSON", pos.to_json(), False))
    for game in ("moon", "moon4"):
        rules = Rules.of_game(game)
        hands = dealt(random.Random(f"wasm-table-{game}"), rules)
        out.append((f"{game} table", f"{game} {hands_text(hands)}", False))
        out.append((f"{game} table of JSON", {"game": game, "hands": [[str(t) for t in h] for h in hands]}, False))
    return out


def table_cases() -> list[dict[str, Any]]:
    """Each deal's table as the HTTP API answers it: its game's (games.detect) table or special table."""
    from dominosolver import games
    out = []
    for name, deal, specials in table_deals():
        spec = games.detect(deal)
        make = spec.special_table if specials else spec.table
        out.append({"name": name, "deal": deal, "specials": specials, "table": make(deal).to_json()})
    return out


def build() -> dict[str, Any]:
    return {"about": "written by python tests/wasm_fixture.py: do not edit",
            "cases": [case(name, pos) for name, pos in positions()],
            "randrange": randrange_cases(),
            "hints": hint_cases(),
            "bids": bid_cases(),
            "view_bids": view_bid_cases(),
            "stopped_bids": stopped_bid_cases(),
            "seen": seen_cases(),
            "tables": table_cases(),
            "big_game_lead": big_game_lead().to_json()}


def text(fixture: dict[str, Any]) -> str:
    return json.dumps(fixture, indent=1) + "\n"


if __name__ == "__main__":
    FIXTURE.write_text(text(build()))
    print(f"wrote {FIXTURE}")
