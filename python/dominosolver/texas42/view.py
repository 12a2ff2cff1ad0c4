"""What one seat may know. A PlayerView copies out public facts and the seat's own hand; it holds no
reference to the full position, so hidden tiles cannot be reached from it.

Public facts: the rules, the auction and contract, the trump, every played tile with who played it,
the tiles of earlier tricks that were not recorded (``gone``: they were face up, but the record lost
who played them), hand sizes, what the plays show by the rules (voids from failures to follow) and
what the contract shows of the hands (``revealed``, docs/rules.md §3). The voids and the revealed
tiles are computed by the C++ rules engine, never re-derived here.

Moon (docs/rules.md §4.1) deals one tile to no seat, the widow: before the exchange it is unseen by
all; the bidder takes it and lays one of its 8 tiles away (``discard``), which only the bidder
knows. Of the tiles a seat cannot see, ``out_of_play`` are in no hand (the widow, or the discard in
another seat's view); the sampler puts them aside, whatever their suits.

A view is data: it is built from a position or a game (``Position.view``, ``Game.view``), or read
from JSON (or built from keywords, then read back as its JSON) and checked against the position of
one deal that fits it, which the C++ core builds (``fitting_position``). The worlds of a view,
counted, drawn or enumerated, and their Positions are ``sampling.py``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import _core
from ..io import json_object
from ..errors import InvalidViewError, ParseError, counted, shown
from ..io.text_form import TextForm, settled_by_rules
from ..tiles import Tile, bits_of, mask_of, tiles_of
from .plays import parse_play, play_of, plays_of
from .notation import (VIEW_SCHEMA, contract_from_json, contract_to_json, read_untagged, view_json_of_text,
                       view_text_of_json)
from .picture import view_svg
from .rules import (
    DEFAULT_FAMILY, FAMILIES, ORDINARY, Bid, Contract, Rules, Trump, bid_name, contract_text, parse_bid, parse_seat, parse_trump, replay_auction, set_mask,
    check_in_set,
)

__all__ = ["VIEW_SCHEMA", "PlayerView", "ViewRecord", "suit_name", "suit_names"]


@dataclass(frozen=True, repr=False)
class ViewRecord:
    """A PlayerView's fields, and the checks of the facts no deal could contradict."""

    seat: int
    rules: Rules
    trump: Trump | None
    contract: Contract | None
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    leader: int | None
    to_move: int | None
    trick: tuple[Tile, ...]
    plays: tuple[tuple[int, Tile], ...]  # every recorded play with who played it, oldest first
    first_leader: int | None
    voids: tuple[tuple[int | str, ...], ...]  # per seat: suits it has shown it cannot follow
    points: tuple[int, int]
    legal_moves: tuple[Tile, ...]  # empty unless this seat is to move
    auction: tuple[tuple[int, Bid], ...] = field(default=())
    game: str = DEFAULT_FAMILY  # the rules' family ("texas42" unless they name another)
    gone: tuple[Tile, ...] = ()  # tiles of earlier tricks whose plays were not recorded
    absent: tuple[int, ...] = (0, 0, 0, 0)  # per seat: mask of tiles the plays and contract show it cannot hold
    legal_bids: tuple[Bid, ...] = ()  # in the auction, the bids this seat may make (0 = pass)
    # Per seat, the tiles its contract shows in its hand (docs/rules.md §3); () when it shows none.
    revealed: tuple[tuple[Tile, ...], ...] = ()
    # The tile the seat laid away as the bidder, known to it alone: Moon's (§4.1) in play, The Big
    # Game's (§4.3) from its declaration on.
    discard: Tile | None = None

    def __post_init__(self) -> None:
        # Built by keywords, a view is checked for the facts no deal could contradict (the
        # sampler would otherwise draw from a nonsense view); then read back through its JSON
        # (TextForm), so that the facts the rules derive from its records are theirs, as of_position
        # and from_json settle them.
        if not isinstance(self.rules, Rules):
            raise InvalidViewError(f"view field 'rules' must be a Rules object, not {shown(self.rules)}")
        game = self.rules.family
        if self.game != game:
            if self.game != DEFAULT_FAMILY:  # the default: the rules name the game
                raise InvalidViewError(f"a {shown(self.game)} view cannot play the rules of {game!r}")
            object.__setattr__(self, "game", game)  # a frozen dataclass: set as its own code would
        seats = range(self.rules.seats)
        names = ", ".join(self.rules.seat_names)
        seat = self.seat
        if isinstance(seat, bool) or seat not in seats:
            raise InvalidViewError(f"seat must be 0..{seats[-1]} ({names}), not {shown(seat)}")
        for name in ("hand", "trick", "gone", "legal_moves"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(isinstance(t, Tile) for t in value):
                raise InvalidViewError(f"view field {name!r} must be a tuple of Tiles")
        if not isinstance(self.plays, tuple) or not all(
            isinstance(p, tuple) and len(p) == 2 and p[0] in seats and isinstance(p[1], Tile)
            for p in self.plays
        ):
            raise InvalidViewError("view field 'plays' must be a tuple of (seat, Tile) pairs")
        sizes = self.hand_sizes
        if len(sizes) != len(seats) or not all(isinstance(n, int) and n >= 0 for n in sizes):
            raise InvalidViewError(f"hand_sizes must be {len(seats)} counts ({names}), not {shown(sizes)}")
        if sizes[seat] != len(self.hand):
            raise InvalidViewError(f"hand_sizes gives {self.rules.seat_names[seat]} {counted(sizes[seat], 'tile')} but the hand holds {len(self.hand)}")
        if self.revealed and (len(self.revealed) != len(seats) or not all(
            isinstance(r, tuple) and all(isinstance(t, Tile) for t in r) for r in self.revealed
        )):
            raise InvalidViewError(f"revealed must be {len(seats)} tuples of Tiles ({names}), or empty")
        if self.revealed and not set(self.revealed[seat]) <= set(self.hand):
            raise InvalidViewError("revealed gives the seat tiles that are not in its hand")
        others = [t for s, r in enumerate(self.revealed) if s != seat for t in r]  # shown by the contract
        if self.discard is not None:
            if not isinstance(self.discard, Tile):
                raise InvalidViewError(f"view field 'discard' must be a tile or null, not {shown(self.discard)}")
            if not self.rules.undealt:
                raise InvalidViewError("a discard belongs to an exchange with tiles dealt to no seat (Moon's widow, "
                                       "The Big Game's undealt tile, docs/rules.md §4.1, §4.3): this game deals every tile")
            if self.contract is None or self.contract.declarer != seat:
                raise InvalidViewError(f"only the bidder knows the discard: {self.rules.seat_names[seat]} is not the bidder")
            if self.trump is None and self.rules.row.left_over == "widow":
                raise InvalidViewError("Moon's bidder lays a tile away after naming trumps (docs/rules.md §4.1)")
            if not self.rules.may_be_out_of_play >> self.discard.id & 1:  # the core's rule (§4.3)
                raise InvalidViewError(f"the discard {self.discard} is a counter: The Big Game's bidder lays away "
                                       "a non-counter (docs/rules.md §4.3)")
            others.append(self.discard)
        named = list(self.hand) + [t.tile for _, t in self.plays] + list(self.gone) + others
        if len(set(named)) != len(named):
            twice = next(t for t in named if named.count(t) > 1)
            raise InvalidViewError(f"tile {twice} appears twice across hand, plays and gone (and discard)")
        check_in_set(mask_of(named), self.rules, InvalidViewError)
        most = len(seats) - 1  # a trick of every seat is complete
        if len(self.trick) > most or (self.plays and self.trick and tuple(t for _, t in self.plays[-len(self.trick):]) != self.trick):
            raise InvalidViewError(f"the trick must be the last plays of an unfinished trick (at most {most} tiles)")
        if not {t.tile for t in self.legal_moves} <= set(self.hand):
            raise InvalidViewError("legal_moves must be tiles of the seat's own hand")
        for name in ("leader", "to_move", "first_leader"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or value not in seats):
                raise InvalidViewError(f"{name} must be a seat 0..{seats[-1]} or null, not {shown(value)}")
        if len(self.voids) != len(seats) or len(self.absent) != len(seats):
            raise InvalidViewError("voids and absent must have one entry per seat")


class PlayerView(TextForm, ViewRecord):
    """What one seat may know (the module's docstring). Build one from its one-line text
    (``PlayerView("seat=E hand=... plays=...")``, docs/notation.md), from JSON (``from_json``), from
    a position or a game (``Position.view``, ``Game.view``), or from keywords, not text and keywords
    at once. It prints as that text and round-trips through it."""

    json_of_text = staticmethod(view_json_of_text)
    text_of_json = staticmethod(view_text_of_json)

    def __init__(self, text: str | None = None, /, **fields: Any) -> None:
        if text is not None and not fields:  # untagged text 42 cannot read: the error names the member that can
            fields = vars(read_untagged(text, lambda t: type(self).from_json(view_json_of_text(t))))
            with settled_by_rules():  # the view read: its facts are the rules'
                super().__init__(**fields)
            return
        super().__init__(text, **fields)

    # ------------------------------------------------------------ construction

    # Positions and games build views (``Position.view``, ``Game.view``); a view reads them as data
    # and imports neither.

    @classmethod
    def of_position(
        cls, pos: Any, seat: int, auction: tuple[tuple[int, Bid], ...] = (), discard: Tile | str | None = None
    ) -> PlayerView:
        """What ``seat`` sees of a Position. In Moon, a tile in no hand is out of play: ``discard``
        names the bidder's discard when known (the bidder sees it; the others do not), which only a
        position with unrecorded tricks needs, to tell it from the tiles of those tricks."""
        return cls._of_core(pos._pos, pos.rules, parse_seat(seat, pos.rules), auction, None if discard is None else Tile(discard))

    @classmethod
    def _of_core(cls, core: Any, rules: Rules, seat: int, auction: tuple[tuple[int, Bid], ...],
                 discard: Tile | None = None) -> PlayerView:
        """What ``seat`` sees of a C++ position: the public facts and its own hand, copied out."""
        plays = tuple((s, play_of(t)) for s, t in core.plays)
        first = plays[0][0] if plays else core.leader
        hands = core.hands
        # The tiles in no hand and not played: those of unrecorded tricks, and the bidder's discard (the core's rule).
        gone, laid_away = _core.texas42.left_over_tiles(core, seat, None if discard is None else discard.id)
        contract = Contract.of_core(core.contract)
        to_move = None if core.is_over else core.to_move
        revealed = tuple(tuple(sorted(tiles_of(core.revealed(s)), reverse=True)) for s in range(rules.seats))
        return cls._settled(
            seat=seat,
            rules=rules,
            trump=parse_trump(core.trump),
            contract=contract,
            hand=tuple(sorted(tiles_of(hands[seat]), reverse=True)),
            hand_sizes=tuple(m.bit_count() for m in hands),
            leader=core.leader,
            to_move=to_move,
            trick=tuple(play_of(t) for t in core.trick),
            plays=plays,
            first_leader=first,
            voids=tuple(tuple(suit_names(core.voids(s))) for s in range(rules.seats)),
            points=tuple(core.points),
            legal_moves=tuple(plays_of(core.legal_moves)) if to_move == seat else (),
            auction=auction,
            gone=tuple(sorted(tiles_of(gone), reverse=True)),
            absent=tuple(core.shown_absent(s) for s in range(rules.seats)),
            revealed=revealed if any(revealed) else (),
            discard=None if laid_away is None else Tile.from_id(laid_away),
        )

    @classmethod
    def of_game(cls, game: Any, seat: int) -> PlayerView:
        """What ``seat`` sees of a Game: in play, of its position; before it, its hand and the auction."""
        seat = parse_seat(seat, game.rules)
        pos = game.position if not game.is_over else None  # over: the seat's view is of no hand (its last one is played)
        auction = tuple(game.auction)
        record = game._game.current_hand
        if pos is not None:
            discard = record["discard"]
            return cls.of_position(pos, seat, auction, None if discard is None else Tile.from_id(discard))
        hand = game.deal()[seat] if game.phase != "game_over" else ()
        sizes = [len(hand)] * game.rules.seats
        if game.phase == "exchange":  # Moon, The Big Game (§4.1, §4.3): the bidder has taken the widow into its hand
            bidder = game.contract.declarer
            sizes[bidder] += record["undealt"].bit_count()
            if seat == bidder:
                hand = tuple(sorted(hand + tuple(tiles_of(record["undealt"])), reverse=True))
        discard = None
        if game.phase == "declaring" and record["discard"] is not None and seat == game.contract.declarer:
            # The Big Game's bidder names trumps after its exchange (§4.3): the hand it kept, and what it laid away.
            # Only then: at game over the record is the last hand's, whose discard is long played out.
            kept = mask_of(hand) | record["undealt"]
            hand = tuple(sorted(tiles_of(kept & ~(1 << record["discard"])), reverse=True))
            discard = Tile.from_id(record["discard"])
        revealed = tuple(tuple(sorted(tiles_of(game._game.revealed(s)), reverse=True)) for s in range(game.rules.seats))
        return cls.before_play(
            seat, game.rules, hand, auction, trump=game.trump, contract=game.contract,
            hand_sizes=tuple(sizes), to_move=game.to_move,
            legal_bids=tuple(m.value for m in game.legal_moves if m.kind == "bid")
            if game.phase == "bidding" and game.to_move == seat
            else (),
            revealed=revealed if any(revealed) else (), discard=discard,
        )

    @classmethod
    def before_play(
        cls, seat: int, rules: Rules, hand: tuple[Tile, ...], auction: tuple[tuple[int, Bid], ...], *,
        trump: Trump | None = None, contract: Contract | None = None,
        hand_sizes: tuple[int, ...] | None = None, to_move: int | None = None,
        legal_bids: tuple[Bid, ...] = (), revealed: tuple[tuple[Tile, ...], ...] = (), discard: Tile | None = None,
    ) -> PlayerView:
        """A view before the first lead: the seat's hand and the auction, no tile played yet
        (``hand_sizes`` default to full hands), what the contract shows of the hands, and the
        bidder's discard once it has exchanged (The Big Game's declaration, §4.3)."""
        seats = rules.seats
        return cls._settled(
            seat=seat, rules=rules, trump=trump, contract=contract, hand=hand,
            hand_sizes=(rules.hand_size,) * seats if hand_sizes is None else hand_sizes,
            leader=None, to_move=to_move, trick=(), plays=(), first_leader=None, voids=((),) * seats,
            points=(0, 0), legal_moves=(), auction=auction, legal_bids=legal_bids, absent=(0,) * seats,
            revealed=revealed, discard=discard,
        )

    # ------------------------------------------------------------ derived facts

    @property
    def history(self) -> tuple[int, list[Tile]] | None:
        """(first leader, tiles of the completed recorded tricks), as a Position takes it."""
        complete = len(self.plays) - len(self.trick)
        if complete <= 0 or self.first_leader is None:
            return None
        return self.first_leader, [t for _, t in self.plays[:complete]]

    @property
    def objective(self) -> str | None:
        """What the declaring side must do, by its contract row (public with the contract and the
        declaration): "points", "every trick" (Plunge, Splash, Sevens) or "no trick" (Nel-O); None
        before the declaration or without a contract."""
        if self.trump is None or self.contract is None:
            return None
        return _core.texas42.ruling(self.rules._core, str(self.trump), self.contract)["contract"]["objective"]

    @property
    def hidden(self) -> list[Tile]:
        """Tiles this seat cannot see: in the other hands, less those their contract shows, and
        (Moon, The Big Game) the tile left undealt or another seat's discard."""
        revealed = mask_of(t for r in self.revealed for t in r)
        seen = mask_of(self.hand) | mask_of(t.tile for _, t in self.plays) | mask_of(self.gone) | revealed
        if self.discard is not None:
            seen |= 1 << self.discard.id
        return tiles_of(set_mask(self.rules) & ~seen)

    @property
    def out_of_play(self) -> int:
        """How many of the hidden tiles are in no hand: what the other hands' sizes leave over
        (Moon's widow before the exchange, the bidder's discard in another seat's view; else 0)."""
        shown_elsewhere = sum(len(r) for s, r in enumerate(self.revealed) if s != self.seat)
        held = sum(n for s, n in enumerate(self.hand_sizes) if s != self.seat) - shown_elsewhere
        return len(self.hidden) - held

    def _repr_svg_(self) -> str:
        """What the seat sees as a picture, every tile it does not know face down (Jupyter shows it)."""
        return view_svg(self)

    # ------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "schema": VIEW_SCHEMA,
            "game": self.game,
            "seat": self.seat,
            "rules": self.rules.game_flags,
            "trump": self.trump,
            "contract": None if self.contract is None else contract_to_json(self.contract),
            "auction": [_call_json(s, b) for s, b in self.auction],
            "hand": [str(t) for t in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "leader": self.leader,
            "to_move": self.to_move,
            "trick": [str(t) for t in self.trick],
            "plays": [{"seat": s, "tile": str(t)} for s, t in self.plays],
            "voids": {self.rules.seat_names[s]: list(v) for s, v in enumerate(self.voids) if v},
            "points": list(self.points),
        }
        if self.gone:
            out["gone"] = [str(t) for t in self.gone]
        if self.revealed:
            out["revealed"] = {self.rules.seat_names[s]: [str(t) for t in r] for s, r in enumerate(self.revealed) if r}
        if self.legal_moves:
            out["legal_moves"] = [str(t) for t in self.legal_moves]
        if self.legal_bids:
            out["legal_bids"] = [bid_name(b) for b in self.legal_bids]
        if self.discard is not None:
            out["discard"] = str(self.discard)
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any] | str) -> PlayerView:
        """A view from its JSON. The plays, hand, hand sizes, contract and auction are the input;
        voids, points, the trick, whose turn it is and the legal moves are recomputed by the C++ rules
        engine, and any of them the JSON states must agree (else ``InvalidViewError``)."""
        o = _load(obj)
        if o.get("schema", VIEW_SCHEMA) != VIEW_SCHEMA:
            raise ParseError(f"unknown schema {shown(o.get('schema'))} (expected {VIEW_SCHEMA!r})")
        game = o.get("game", DEFAULT_FAMILY)
        if game not in FAMILIES:
            raise ParseError(f"this is a {shown(game)} view, not one of the 42 family ({', '.join(FAMILIES)})")
        for key in ("seat", "hand"):
            if key not in o:
                raise ParseError(f"view JSON lacks {key!r}")
        unknown = set(o) - _JSON_KEYS  # as a position's: a misspelt or foreign field is no fact of the view
        if unknown:
            raise ParseError(f"unknown view field(s): {', '.join(sorted(map(repr, unknown)))}")
        rules = Rules.of_game(game, o.get("rules"))
        seat = parse_seat(o["seat"], rules)
        trump = None if o.get("trump") is None else parse_trump(o["trump"], rules)
        contract = None if o.get("contract") is None else contract_from_json(o["contract"], rules)
        auction = tuple(
            (parse_seat(a["seat"], rules), parse_bid(a["bid"], a.get("kind"))) for a in _list(o, "auction", dict)
        )
        hand = tuple(sorted((Tile(t) for t in _list(o, "hand", str)), reverse=True))
        plays = tuple((parse_seat(p["seat"], rules), parse_play(p["tile"])) for p in _list(o, "plays", dict))
        gone = tuple(sorted((Tile(t) for t in _list(o, "gone", str)), reverse=True))
        discard = o.get("discard")
        if discard is not None and not isinstance(discard, str):
            raise ParseError(f"view field 'discard' must be a tile or null, not {shown(discard)}")
        discard = None if discard is None else Tile(discard)
        sizes = o.get("hand_sizes")
        seats = rules.seats
        if (
            not isinstance(sizes, list)
            or len(sizes) != seats
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in sizes)
        ):
            raise ParseError(f"'hand_sizes' must be a list of {seats} counts ({', '.join(rules.seat_names)})")
        exchange = _exchange(rules, contract, sizes)
        if auction and (trump is not None or exchange is not None or not any(sizes)):
            _auction_over(rules, auction, contract)  # past the bidding: a whole auction, each call legal
        if max(sizes) > rules.hand_size and exchange is None:
            raise InvalidViewError(f"no hand holds more than {rules.hand_size} tiles: hand_sizes {sizes}"
                                   + (" (but the bidder's, with the widow taken)" if rules.undealt else ""))
        # The tiles are checked before the C++ side reads the plays (the view itself checks the rest).
        try:
            named = mask_of(list(hand) + list(gone) + [t.tile for _, t in plays] + ([] if discard is None else [discard]))
        except ParseError as e:
            raise InvalidViewError(f"a tile appears twice across hand, plays and gone (and discard): {e}") from None
        check_in_set(named, rules, InvalidViewError)
        if exchange is not None:
            # The exchange (§4.1, §4.3): the bidder holds the widow or the undealt tile and must lay a
            # tile away; Moon's bidder has named trumps by then, The Big Game's names them after.
            named_first = rules.row.left_over == "widow"
            if (trump is None) == named_first or plays or gone or discard is not None:
                raise InvalidViewError("in the exchange nothing is played or laid away yet, and trumps are "
                                       + ("named (docs/rules.md §4.1)" if named_first else "not named yet (docs/rules.md §4.3)"))
            view = cls.before_play(
                seat, rules, hand, auction, trump=trump, contract=contract, hand_sizes=tuple(sizes),
                to_move=exchange, legal_bids=(),
            )
        elif not any(sizes) and not plays:
            # Nothing left to play and no record of it (a game's view once it is over).
            view = cls.before_play(
                seat, rules, hand, auction, trump=trump, contract=contract, hand_sizes=tuple(sizes)
            )
        elif trump is None:
            if plays or gone:
                raise InvalidViewError("tiles were played but the view names no trump")
            to_move = None if o.get("to_move") is None else parse_seat(o["to_move"], rules)
            legal_bids = tuple(parse_bid(b) for b in _list(o, "legal_bids", (str, int)))
            if len(set(legal_bids)) != len(legal_bids):
                raise InvalidViewError(f"legal_bids name a bid twice: {[bid_name(b) for b in legal_bids]}")
            state = replay_auction(rules, sizes, auction, contract, to_move, legal_bids, seat, [t.id for t in hand])
            if state is not None:  # whose call or declaration it is follows from the auction, and the seat's bids
                to_move = state.to_move
                if state.phase == "bidding" and to_move == seat:
                    legal_bids = state.legal_bids  # (those given are the same set) in the core's order, as the text reads them
            if legal_bids and (state is None or state.phase != "bidding" or state.to_move != seat):
                raise InvalidViewError("legal_bids are the bids of the seat to call, in the auction: "
                                       + ("the auction is over" if state is not None and state.phase != "bidding"
                                          else "this seat is not to call" if state is not None
                                          else "nothing says this seat is to call"))
            revealed = _revealed(o, rules)
            if contract is not None:  # the contract shows its tiles from the end of the auction on
                _core.texas42.check_revealed_at_deal(rules._core, contract, seat, [t.id for t in hand],
                                                     [[t.id for t in r] for r in revealed])
            elif revealed:
                raise InvalidViewError("revealed tiles need a contract that shows them")
            view = cls.before_play(
                seat, rules, hand, auction, contract=contract, hand_sizes=tuple(sizes),
                to_move=to_move, legal_bids=legal_bids, revealed=revealed if any(revealed) else (),
                discard=discard,  # The Big Game's bidder declaring knows what it laid away (§4.3)
            )
        else:
            view = cls._in_play(o, seat, rules, trump, contract, auction, hand, plays, gone, sizes, discard)
        if discard is not None and view.discard is None:
            raise InvalidViewError("a discard is laid away only after the widow exchange, in play")
        derived = {
            "leader": view.leader,
            "to_move": view.to_move,
            "trick": [str(t) for t in view.trick],
            "points": list(view.points),
            "voids": view.to_json()["voids"],
            "legal_moves": sorted(str(t) for t in view.legal_moves),
            "revealed": view.to_json().get("revealed", {}),
        }
        for key, value in derived.items():
            if key in o and _stated(o, key, rules) != value:
                if key in ("leader", "to_move"):  # a seat by its name, as the user may have written it
                    value = None if value is None else rules.seat_names[value]
                raise InvalidViewError(
                    f"the view states {key}={shown(o[key])} but its plays give {value!r}"
                )
        return view

    @classmethod
    def _in_play(
        cls, o: dict[str, Any], seat: int, rules: Rules, trump: Trump, contract: Contract | None,
        auction: tuple[tuple[int, int], ...], hand: tuple[Tile, ...], plays: tuple[tuple[int, Tile], ...],
        gone: tuple[Tile, ...], sizes: list[int], discard: Tile | None = None,
    ) -> PlayerView:
        """A view in play from its records: the C++ core replays them in one deal that fits."""
        if plays:
            first = plays[0][0]
        elif "leader" in o:
            first = parse_seat(o["leader"], rules)
        elif contract is not None and not gone:
            first = None  # trick 1: its leader by the contract, as the core rules it
        else:
            raise ParseError("view JSON lacks 'leader' (who leads the current trick)")
        revealed = _revealed(o, rules)
        # The position of one deal that fits settles everything else: the C++ core places the hidden
        # tiles and replays the plays (checking that they are legal), or names what no deal fits.
        core = _core.texas42.fitting_position(
            rules._core, str(trump), seat, [t.id for t in hand], list(sizes), first, [t.id for _, t in plays],
            [t.id for t in gone], contract, [[t.id for t in r] for r in revealed], None if discard is None else discard.id,
        )
        if discard is None and rules.undealt and gone and contract is not None and contract.declarer != seat:
            # Another seat's view: the deal's tile laid away stands in for the discard it does not
            # see, told from the tiles of earlier tricks by `gone`.
            in_play = mask_of(t for _, t in plays) | mask_of(gone)
            for m in core.hands:
                in_play |= m
            aside = set_mask(rules) & ~in_play
            discard = Tile.from_id(aside.bit_length() - 1) if aside else None
        view = cls._of_core(core, rules, seat, auction, discard)
        for (s, t), (s2, _) in zip(plays, view.plays):
            if s != s2:
                raise InvalidViewError(
                    f"the plays say {rules.seat_names[s]} played {t}, but by the trick winners it was {rules.seat_names[s2]}"
                )
        return view


def suit_name(suit: int) -> int | str:
    """A suit as views and positions write voids: its number, "trump" or "doubles"."""
    if suit == _core.texas42.TRUMP_SUIT:
        return "trump"
    if suit == _core.texas42.DOUBLES_SUIT:
        return "doubles"
    return suit


def suit_names(bits: int) -> list[int | str]:
    """The suits of a set of suits (a bit each), as ``suit_name`` writes them."""
    return [suit_name(s) for s in bits_of(bits)]


# Every field of a view's JSON: its records (the input) and the facts they give (checked).
_JSON_KEYS = frozenset({
    "schema", "game", "seat", "rules", "trump", "contract", "auction", "hand", "hand_sizes", "leader", "to_move",
    "trick", "plays", "voids", "points", "gone", "revealed", "legal_moves", "legal_bids", "discard",
})

def _exchange(rules: Rules, contract: Contract | None, sizes: list[int]) -> int | None:
    """The bidder, when the hand sizes are those of Moon's widow exchange (§4.1: the bidder holds
    its hand and the widow, the others full hands), else None."""
    if not rules.undealt or contract is None or not 0 <= contract.declarer < len(sizes):
        return None
    bidder = contract.declarer
    held = [rules.hand_size + rules.undealt if s == bidder else rules.hand_size for s in range(len(sizes))]
    return bidder if list(sizes) == held else None


def _stated(o: dict[str, Any], key: str, rules: Rules) -> Any:
    """A fact the view's JSON states, typed as the view derives it (``ParseError`` for a value of
    the wrong kind: a float or a bool where a count is meant, a seat that is no seat)."""
    value = o[key]
    if key in ("leader", "to_move"):
        return None if value is None else parse_seat(value, rules)
    if key in ("trick", "legal_moves"):
        tiles = [str(parse_play(t)) for t in _list(o, key, str)]
        return sorted(tiles) if key == "legal_moves" else tiles
    if key == "revealed":  # {seat name: [tiles]}, each seat's tiles in the view's order
        return {rules.seat_names[s]: [str(t) for t in r] for s, r in enumerate(_revealed(o, rules)) if r}
    if key == "points":
        if not isinstance(value, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in value):
            raise ParseError(f"view field 'points' must be a list of whole numbers, not {shown(value)}")
        return value
    if not isinstance(value, dict) or not all(  # voids: {seat name: [suits]}
        isinstance(v, list) and all(isinstance(x, str) or (isinstance(x, int) and not isinstance(x, bool)) for x in v)
        for v in value.values()
    ):
        raise ParseError(f"view field 'voids' must map seats to lists of suits, not {shown(value)}")
    return value


def _call_json(seat: int, bid: Bid) -> dict[str, Any]:
    """An auction entry: the seat and its bid by name, and the bid's kind when special."""
    out: dict[str, Any] = {"seat": seat, "bid": bid_name(int(bid))}
    if getattr(bid, "kind", ORDINARY) != ORDINARY:
        out["kind"] = bid.kind
    return out


def _revealed(o: dict[str, Any], rules: Rules) -> tuple[tuple[Tile, ...], ...]:
    """The JSON's "revealed" ({seat: [tiles]}) per seat, or () when it states none."""
    value = o.get("revealed")
    if value is None:
        return ()
    if not isinstance(value, dict) or not all(isinstance(v, list) and all(isinstance(t, str) for t in v)
                                              for v in value.values()):
        raise ParseError("view field 'revealed' must map seats to lists of tiles")
    by_seat = {parse_seat(k, rules): v for k, v in value.items()}
    return tuple(tuple(sorted((Tile(t) for t in by_seat.get(s, [])), reverse=True)) for s in range(rules.seats))


def _load(obj: Any) -> dict[str, Any]:
    return json_object(obj, "a view")


def _list(o: dict[str, Any], key: str, kind: type) -> list[Any]:
    value = o.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, kind) for v in value):
        raise ParseError(
            f"view field {key!r} must be a list of {'objects' if kind is dict else 'strings'}"
        )
    if kind is dict:
        need = {"auction": ("seat", "bid"), "plays": ("seat", "tile")}[key]
        for v in value:
            if not all(k in v for k in need):
                raise ParseError(f"each entry of {key!r} needs {need[0]!r} and {need[1]!r}")
    return value


def _auction_over(rules: Rules, auction: tuple[tuple[int, Bid], ...], contract: Contract | None) -> None:
    """An auction in a view past the bidding (declared, in the exchange, in play or over) replays in
    the core (``replay_auction``: calls in turn, each legal, each seat's special bids as if it held
    what they ask) to its end: won (by ``contract``, when the view states one) or thrown in."""
    state = replay_auction(rules, [rules.hand_size] * rules.seats, auction, contract, None, (), -1, [])
    if state is not None and state.phase == "bidding" and not state.thrown_in:
        raise InvalidViewError(f"the auction is not over ({rules.seat_names[state.to_move]} is to call), but the view "  # type: ignore[index]
                               "is past the bidding")
    if state is not None and state.thrown_in and contract is not None:
        raise InvalidViewError(f"every seat passed: the auction gives no contract, not {contract_text(contract, rules)}")
