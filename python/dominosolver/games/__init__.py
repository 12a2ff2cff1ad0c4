"""The game registry: each game tag that positions, views and records carry (``"texas42"``,
``"bingo"``) mapped to that game's classes, solver, hint, grading, batch tasks, engine answer and
terminal rendering (``GameSpec``). The command line, batch analysis and the engine look a game up
here instead of telling games apart themselves; adding a game is adding its adapter and its row.

>>> from dominosolver import games
>>> games.detect("bingo trump=3 turned=33 ...").title, games.detect({"trump": 4}).title
('Bingo', 'Texas 42')
"""

from .registry import DEFAULT, GAMES, check_options, detect, get, is_view_text, names, of_rules, read, read_view
from .records import SHOW, show_json
from .spec import Batch, GameSpec, HumanPlay, Notation, Pictures, Renderer, legend

__all__ = [
    "DEFAULT", "GAMES", "SHOW", "Batch", "GameSpec", "HumanPlay", "Notation", "Pictures", "Renderer", "check_options",
    "detect", "get", "is_view_text", "legend", "names", "of_rules", "read", "read_view", "show_json",
]
