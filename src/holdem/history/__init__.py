"""Hand histories: the PHH format (reading, writing, action notation).

>>> from holdem.history import loads, dumps
>>> [hand] = loads("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
...                "min_bet = 2\\nstarting_stacks = [100, 100]\\nactions = ['p2 f']\\n")
>>> hand.actions
(Fold(player=1, comment=None),)
"""

from holdem.history.actions import (
    Action,
    BetRaise,
    Cards,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    ShowMuck,
    acting_player,
    format_action,
    parse_action,
)
from holdem.history.errors import PHHError
from holdem.history.hand import VARIANTS, HandHistory
from holdem.history.phh import (
    HandResult,
    dump,
    dumps,
    dumps_many,
    find_files,
    iter_hands,
    iter_hands_text,
    load,
    loads,
)

__all__ = [
    "VARIANTS",
    "Action",
    "BetRaise",
    "Cards",
    "CheckCall",
    "DealBoard",
    "DealHole",
    "Fold",
    "HandHistory",
    "HandResult",
    "NoOp",
    "PHHError",
    "ShowMuck",
    "acting_player",
    "clear_caches",
    "dump",
    "dumps",
    "dumps_many",
    "find_files",
    "format_action",
    "iter_hands",
    "iter_hands_text",
    "load",
    "loads",
    "parse_action",
]


def clear_caches() -> None:
    """Forget what reading remembers from hand to hand (parsed actions and cards, repeated
    lines and arrays, compiled stakes), so that the next read costs what it would in a
    fresh process: for timing a first read of a file."""
    from holdem.history import _fields, _hand_fast, _toml_fast, actions
    from holdem.kernels import replay as kernel_replay

    for module in (_fields, actions, _hand_fast, _toml_fast, kernel_replay):
        module.clear_cache()
