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
