"""Shared checks for the PokerStars tests: read a file, and replay what it became."""

from pathlib import Path

from holdem.engine import events
from holdem.history.convert import Converted, read_paths, read_pokerstars
from holdem.history.hand import HandHistory
from holdem.history.pokerstars_import import history_of_stars
from holdem.history.pokerstars_lines import iter_raw_hands_text
from holdem.history.pokerstars_read import read_hand
from holdem.history.replay import replay_hand

DATA = Path(__file__).parent / "pokerstars_data"


def hands_of(name: str) -> list[HandHistory]:
    """Every hand of a test file, which must all convert."""
    results = list(read_pokerstars(DATA / name))
    errors = [r for r in results if r.error is not None]
    assert not errors, [f"{r.where}: {r.error}" for r in errors]
    return [r.hand for r in results if r.hand is not None]


def hand_of(name: str) -> HandHistory:
    [hand] = hands_of(name)
    return hand


def from_text(text: str) -> HandHistory:
    [raw] = list(iter_raw_hands_text(text))
    return history_of_stars(read_hand(raw.lines, raw.first_line))


def results_of(path: Path) -> list[Converted]:
    return list(read_paths([path]))


def pot_shares(history: HandHistory) -> list[int]:
    """What holdem's own PHH replay gives each player from the pots, before any rake."""
    hand = replay_hand(history)
    assert hand.is_over
    shares = [0] * history.player_count
    for event in hand.events:
        if isinstance(event, events.PotAwarded):
            for player, chips in event.shares:
                shares[player] += chips
    return shares


def assert_replays_to_collected(history: HandHistory) -> None:
    """The replay's pots pay what the text's 'collected' lines say, less its rake."""
    shares = pot_shares(history)
    paid = list(history.winnings or ())
    cashed = history.extra.get("_cashed_out")
    rake = history.rake or history.extra.get("_rake") or 0
    if not rake and not cashed:
        assert shares == paid
        return
    assert all(p <= s for p, s in zip(paid, shares, strict=True)), (paid, shares)
    assert all(s > 0 for p, s in zip(paid, shares, strict=True) if p), (paid, shares)
    if not cashed:
        assert sum(shares) - sum(paid) == rake
