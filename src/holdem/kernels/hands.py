"""Random play at scale: whole hands in a compiled kernel, by the rules of ``Hand``.

``Hand`` is an object per hand with an event log, built for tables and replays; a
simulation of millions of bot-against-bot hands needs none of that. The kernel here
(``kernel_play``, numba) plays complete hands on arrays with exactly the rules of
``Hand`` for the configurations it accepts: forced bets (blinds, straddles, antes of any
kind, live and dead posts, bomb pots), No-Limit, Pot-Limit and Fixed-Limit betting with
the full-bet or half-bet rule, all-ins, uncalled bets, side pots, the showdown with the
evaluator's tables and odd chips to the first winner after the button; PokerKit's
conventions too (its reopening model, pots formed again among the winners). A differential
test plays thousands of random configurations through both and compares every decision
and every stack.

In ``play_random_hands`` and ``play_dealt_hands`` the players follow one random
policy, the one of ``bench/engine.py``: facing a bet, fold, call or raise with equal
chances; otherwise check or bet; a bet or raise is to a uniform amount between the
legal minimum and maximum. ``play_bot_hands`` seats the built-in bots' compiled
policies instead (``bots.batched``: random, caller, tag), with the button moving and
the random streams of ``holdem sim`` (``sim.streams``), for the simulator's fast path.

>>> from holdem.engine import HandConfig
>>> config = HandConfig.create("nl", [10_000] * 6, small_blind=50, big_blind=100)
>>> result = play_random_hands(config, hands=1000, seed=1)
>>> result.final_stacks.shape, bool((result.final_stacks.sum(axis=1) == 60_000).all())
((1000, 6), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from holdem.engine.config import HandConfig, OddChips, ShortAllInRule, Structure
from holdem.errors import ConfigError, DealingError, InvalidCardsError
from holdem.kernels import codes

KINDS = ("fold", "check", "call", "bet", "raise")
"""Decision kinds by their code in ``Decisions.kind``: the words of ``PlayerActed``."""

_STRUCTURES = {Structure.NO_LIMIT: 0, Structure.POT_LIMIT: 1, Structure.FIXED_LIMIT: 2}
MAX_CHIPS = 1 << 60  # every chip count fits in int64, with room for sums
_RECORD_ROWS_PER_HAND = 64  # a first guess; a run that needs more is played again


@dataclass(frozen=True)
class Decisions:
    """Every decision of a run, in order; one entry per decision in each array.

    ``to`` is the player's total bet this round after the decision. The legal bounds
    are those ``Hand.legal_actions()`` gives: ``call`` (-1: no bet to call), ``bet_min``
    and ``bet_max`` (-1: no bet or raise allowed), ``all_in_to`` (-1: no all-in).
    """

    hand: np.ndarray
    player: np.ndarray
    kind: np.ndarray
    to: np.ndarray
    check: np.ndarray
    call: np.ndarray
    bet_min: np.ndarray
    bet_max: np.ndarray
    all_in_to: np.ndarray

    def of_hand(self, hand: int) -> Decisions:
        rows = self.hand == hand
        return Decisions(*(getattr(self, name)[rows] for name in self.__dataclass_fields__))


@dataclass(frozen=True)
class RandomPlayResult:
    """What a run of hands comes to; arrays are indexed by hand, then by position."""

    starting_stacks: tuple[int, ...]
    final_stacks: np.ndarray
    """int64 (hands, players)."""
    actions: np.ndarray
    """int32 (hands,): decisions taken in each hand."""
    showdowns: np.ndarray
    """bool (hands,): whether the hand reached a showdown (two or more hands still in)."""
    decisions: Decisions | None = None
    """Every decision, when asked for (``play_dealt_hands(record=True)``)."""
    draws_used: int = 0
    """Random words of the given stream consumed (``play_dealt_hands``)."""

    @property
    def hands(self) -> int:
        return int(self.final_stacks.shape[0])

    @property
    def net(self) -> np.ndarray:
        """Chips won (positive) or lost per hand and position."""
        return self.final_stacks - np.asarray(self.starting_stacks, dtype=np.int64)

    @property
    def action_count(self) -> int:
        return int(self.actions.sum())

    @property
    def showdown_count(self) -> int:
        return int(self.showdowns.sum())


def play_random_hands(config: HandConfig, hands: int, seed: int) -> RandomPlayResult:
    """Play ``hands`` hands of random play, each from the configured stacks.

    The seed drives both the shuffles and the decisions (SplitMix64): the same seed
    gives the same hands on every machine.
    """
    if not isinstance(hands, int) or hands < 0:
        raise ConfigError(f"the number of hands is a whole number, 0 or more, not {hands!r}")
    if not isinstance(seed, int):
        raise ConfigError(f"the seed is a whole number, not {seed!r}")
    params, forced = compile_config(config)
    decks = np.zeros((0, 52), dtype=np.uint8)
    stream = np.zeros(0, dtype=np.int64)
    return _run(config, params, forced, decks, stream, seed, hands, record=False)


def play_dealt_hands(
    config: HandConfig, decks: Any, draws: Any, *, record: bool = False
) -> RandomPlayResult:
    """Play one hand per deck order, the decisions drawn from an explicit random stream.

    ``decks``: an (hands, cards) array of card codes, dealt as ``Hand`` deals from a
    ``Deck`` stacked in that order: one hole card at a time round the table from
    position 0, then burn and flop, burn and turn, burn and river (R2, R3).
    ``draws``: non-negative integers, consumed in order across the hands: each decision
    takes one word, choosing ``word % k`` of its k options (check, bet; or fold, call,
    raise; the aggressive option only when allowed), and a bet or raise takes a second,
    to ``bet_min + word % (bet_max - bet_min + 1)``. ``record``: keep every decision with
    its legal bounds (``result.decisions``).
    """
    params, forced = compile_config(config)
    n = config.player_count
    deck_array = _check_decks(decks, n)
    words = np.asarray(draws)
    if words.size and (
        not np.issubdtype(words.dtype, np.integer) or words.min() < 0 or words.max() >= 1 << 63
    ):
        raise ConfigError("the random words of the stream are whole numbers 0 .. 2**63 - 1")
    stream = np.ascontiguousarray(words.reshape(-1), dtype=np.int64)
    return _run(
        config,
        params,
        forced,
        deck_array,
        stream,
        0,
        deck_array.shape[0],
        record=record,
        explicit_stream=True,
    )


def play_bot_hands(
    config: HandConfig, seat_policies: Sequence[int], seed: int, first: int, count: int
) -> np.ndarray:
    """Hands ``first`` .. ``first + count - 1`` of a simulation of compiled bots.

    ``seat_policies``: one ``bots.batched`` policy per seat (``POLICIES[name]``). Hand
    ``number`` has the button at seat ``number % seats`` (seat ``button + 1 + p`` in
    position ``p``), its deck and each seat's random numbers from the streams of
    ``sim.streams`` keyed by (seed, number, seat): the hands ``holdem sim`` plays on
    its object path with the same seed. Returns the chips each seat won or lost, int64
    (count, seats).
    """
    from holdem.kernels import play as k
    from holdem.kernels import policies as batched

    params, forced = compile_config(config)
    n = config.player_count
    policies = np.asarray(seat_policies, dtype=np.int64)
    known = set(batched.POLICIES.values())
    if policies.shape != (n,) or not set(policies.tolist()) <= known:
        raise ConfigError(f"give one compiled policy per seat ({n}), each one of {sorted(known)}")
    if first < 0 or count < 0:
        raise ConfigError("hand numbers and counts are whole numbers, 0 or more")
    nets = np.zeros((count, n), dtype=np.int64)
    start = np.asarray(config.starting_stacks, dtype=np.int64)
    status = k.run_bots(
        params, start, forced, policies, np.uint64(seed % (1 << 64)), first, nets,
        evaluator_tables(), _tag_work(),
    )  # fmt: skip
    if status != codes.OK:
        raise ConfigError(f"the compiled bots stopped with status {status}")
    return nets


@cache
def _tag_work() -> Any:
    from holdem.kernels import policies as batched

    return batched.tag_work(evaluator_tables())


# -- the configuration as arrays -------------------------------------------------------


def compile_config(config: HandConfig) -> tuple[np.ndarray, np.ndarray]:
    """(params, forced bets by position) for the kernel; ConfigError for what it cannot play.

    Of the starting stacks only their count and their sum (under ``MAX_CHIPS``) matter.
    """
    if not isinstance(config, HandConfig):
        raise ConfigError(f"expected a HandConfig, not {type(config).__name__}")
    if config.run_count != 1:
        raise ConfigError(
            f"the compiled kernel deals one board; it does not support running the board "
            f"{config.run_count} times (run_count): play such hands with Hand"
        )
    if config.full_blind_to_call:
        raise ConfigError(
            "the compiled kernel calls the largest bet in, not a full blind its poster "
            "could not cover (full_blind_to_call): play such hands with Hand"
        )
    n = config.player_count
    forced = np.zeros((4, n), dtype=np.int64)
    for p in range(n):
        forced[0, p] = config.forced_bet(p)
        forced[1, p] = config.ante(p)
    if config.live_posts:
        forced[2] = config.live_posts
    if config.dead_blinds:
        forced[3] = config.dead_blinds
    if sum(config.starting_stacks) >= MAX_CHIPS or int(forced.max()) >= MAX_CHIPS:
        raise ConfigError(
            f"the compiled kernel counts chips in 64-bit integers: keep stacks and "
            f"forced bets under {MAX_CHIPS:,} chips in all"
        )
    params = np.zeros(codes.PARAMS, dtype=np.int64)
    params[codes.P_PLAYERS] = n
    params[codes.P_STRUCTURE] = _STRUCTURES[config.structure]
    params[codes.P_MIN_BET] = config.min_bet
    params[codes.P_BIG_BET] = config.bet_size(2)
    params[codes.P_RAISE_CAP] = -1 if config.raise_cap is None else config.raise_cap
    params[codes.P_BLIND_OPENS] = config.blind_is_opening_bet
    params[codes.P_HEADS_UP_UNCAPPED] = config.heads_up_uncapped
    params[codes.P_HALF_BET] = (
        config.structure == Structure.FIXED_LIMIT and config.short_all_in == ShortAllInRule.HALF_BET
    )
    params[codes.P_ANTES_FIRST] = config.antes_before_blinds
    params[codes.P_ANTES_TRIMMED] = config.antes_trimmed
    params[codes.P_BOMB_POT] = config.bomb_pot
    params[codes.P_POKERKIT] = config.pokerkit_reopening
    params[codes.P_MERGE_POTS] = config.pots_merged_after_showdown
    params[codes.P_ODD_ONE_EACH] = config.odd_chips == OddChips.ONE_EACH
    return params, forced


def _check_decks(decks: Any, players: int) -> np.ndarray:
    array = np.asarray(decks)
    needed = 2 * players + 8
    if array.ndim != 2 or array.shape[1] < needed or array.shape[1] > 52:
        raise DealingError(
            f"expected one deck order per hand, shape (hands, {needed}..52) for {players} "
            f"players (hole cards, three burns, five board cards), got shape {array.shape}"
        )
    if array.size and not np.issubdtype(array.dtype, np.integer):
        raise InvalidCardsError(f"card codes are integers 0..51, not {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > 51):
        raise InvalidCardsError("card codes are 0..51")
    ordered = np.sort(array, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if repeated.any():
        row = int(repeated.argmax())
        raise InvalidCardsError(f"deck {row} holds a card twice: every card in a deck is distinct")
    return np.ascontiguousarray(array, dtype=np.uint8)


@cache
def evaluator_tables() -> tuple[np.ndarray, ...]:
    """The evaluator's lookup tables, as every kernel takes them."""
    from holdem.evaluator.tables import kernel_arrays

    return kernel_arrays()


def _run(
    config: HandConfig,
    params: np.ndarray,
    forced: np.ndarray,
    decks: np.ndarray,
    stream: np.ndarray,
    seed: int,
    hands: int,
    *,
    record: bool,
    explicit_stream: bool = False,
) -> RandomPlayResult:
    from holdem.kernels import play as k

    n = config.player_count
    start = np.asarray(config.starting_stacks, dtype=np.int64)
    capacity = _RECORD_ROWS_PER_HAND * hands + 1 if record else 0
    while True:
        stacks = np.empty((hands, n), dtype=np.int64)
        actions = np.empty(hands, dtype=np.int32)
        showdowns = np.empty(hands, dtype=np.bool_)
        rows = np.empty((capacity, codes.RECORD_COLUMNS), dtype=np.int64)
        status, played, draws_used, rows_used = k.run(
            params,
            start,
            forced,
            decks,
            stream,
            explicit_stream,
            np.uint64(seed % (1 << 64)),
            stacks,
            actions,
            showdowns,
            rows,
            evaluator_tables(),
        )
        if status != codes.RECORD_FULL:
            break
        capacity = (
            4 * capacity + 64
        )  # the run is deterministic: play it again with room for every decision
    if status == codes.DRAWS_EXHAUSTED:
        raise ConfigError(
            f"the random stream ran out in hand {played} after {draws_used} words: "
            "give at least two words per decision"
        )
    if status == codes.BAD_CARDS:
        raise InvalidCardsError(f"hand {played} was dealt invalid cards")
    decisions = None
    if record:
        used = rows[:rows_used]
        decisions = Decisions(*(used[:, column].copy() for column in range(codes.RECORD_COLUMNS)))
    return RandomPlayResult(
        starting_stacks=config.starting_stacks,
        final_stacks=stacks,
        actions=actions,
        showdowns=showdowns,
        decisions=decisions,
        draws_used=int(draws_used) if explicit_stream else 0,
    )


def bots_kernel_cached() -> bool:
    """Whether numba's cache holds the compiled bots' kernel for this source (a first run
    compiles it, which takes about a minute)."""
    from holdem.kernels import play as k
    from holdem.numba_cache import compiled_before

    return compiled_before(k.run_bots)
