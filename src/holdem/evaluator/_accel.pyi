from collections.abc import Callable, Sequence
from typing import Any

def install(
    hand_value_type: type,
    python_evaluate: Callable[[Any], Any],
    card_keys: bytes,
    flush: bytes,
    row_offsets: bytes,
    hashed: bytes,
    hand_start: int,
    flush_flags: int,
    rank_mask: int,
    suit_shift: int,
    row_shift: int,
    column_mask: int,
) -> None: ...
def evaluate(cards: Sequence[int]) -> Any: ...
