"""The configuration of one hand: structure, forced bets, stacks and house rules.

Players are listed by *position*, as in PHH: index 0 is dealt first (the small blind;
heads-up, the big blind) and the last index is the button. Forced bets are given as
PHH gives them, small blind first (``blinds_or_straddles = (50, 100, 0, ...)``); heads-up
the engine applies them in reverse, so the button posts the small blind (R6).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from holdem.errors import ConfigError

MIN_PLAYERS = 2
MAX_PLAYERS = 10


class Structure(StrEnum):
    NO_LIMIT = "nl"
    POT_LIMIT = "pl"
    FIXED_LIMIT = "fl"

    @property
    def label(self) -> str:
        return {"nl": "No-Limit", "pl": "Pot-Limit", "fl": "Fixed-Limit"}[self.value]


class ShortAllInRule(StrEnum):
    """When an all-in for less than a full raise counts as a full raise (R18, R22)."""

    FULL_BET = "full-bet"  # only a full raise reopens the betting
    HALF_BET = "half-bet"  # Fixed-Limit: half a bet or more counts as a full bet


class OddChips(StrEnum):
    """Who gets the chips of a split pot that do not divide evenly (R25)."""

    ONE_EACH = "one-each"  # one chip each, from the first winner left of the button on
    FIRST_WINNER = "first-winner"  # all of them to that first winner (PokerKit)

    @property
    def words(self) -> str:
        if self == OddChips.ONE_EACH:
            return "odd chips one each, from the first winner left of the button"
        return "odd chips all to the first winner left of the button"


class AnteKind(StrEnum):
    NONE = "none"
    UNIFORM = "uniform"
    BIG_BLIND = "big-blind"
    BUTTON = "button"


@dataclass(frozen=True)
class HandConfig:
    """Everything that decides how one hand is played, validated on creation.

    Most tables use ``HandConfig.create(...)``; the PHH reader fills the arrays directly.
    """

    structure: Structure
    starting_stacks: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    antes: tuple[int, ...]
    min_bet: int
    """No-Limit and Pot-Limit: the smallest opening bet. Fixed-Limit: the small bet."""
    big_bet: int | None = None
    """Fixed-Limit: the bet on the turn and river (default: twice the small bet)."""
    raise_cap: int | None = 3
    """Fixed-Limit: raises allowed after the opening bet (3 or 4); None for no cap."""
    blind_is_opening_bet: bool = True
    """Fixed-Limit: preflop the big blind counts as the opening bet toward the cap (R22)."""
    heads_up_uncapped: bool = True
    """Fixed-Limit: raising is unlimited once two players are left before the cap (R22)."""
    short_all_in_rule: ShortAllInRule | None = None
    """Default: full-bet for No-Limit and Pot-Limit, half-bet for Fixed-Limit (R18, R22)."""
    pokerkit_reopening: bool = False
    """Reopen the betting as PokerKit does, instead of by R17, R18 and R9: a round's first
    bet or raise counts as full whatever its size (the blinds, straddles and minimum bet
    do not set the size), and a run of short all-ins reopens the betting for players who
    acted only while it adds up to a full raise since the previous such run."""
    ante_trimming: bool | None = None
    """True: antes are matched like other chips; False: dead money in the main pot.
    Default: True for uniform antes, False for a big-blind or button ante (R7)."""
    pots_merged_after_showdown: bool = False
    """PokerKit: after the showdown, pots are formed again among the hands that win
    something, so neighbouring pots won by the same players merge (odd chips move)."""
    odd_chips: OddChips = OddChips.ONE_EACH
    """The chips of a split pot left over: one each in order from the first winner left of
    the button (35 three ways is 12/12/11), or all to that winner (PokerKit) (R25)."""
    antes_before_blinds: bool = False
    """Who is served first when a stack cannot cover both: TDA posts the blind first (R7)."""
    show_all_hands: bool = False
    """Showdown policy: every hand is shown, rather than losers mucking (R29)."""
    run_count: int = 1
    """Boards dealt when players are all-in before the river and agreed to run it N times."""
    live_posts: tuple[int, ...] = ()
    """Chips posted live by position outside the blinds (a new player's post, R38): they
    count as that player's bet but do not move the first to act."""
    dead_blinds: tuple[int, ...] = ()
    """Chips posted as dead money by position (a missed small blind paid on return, R38)."""
    bomb_pot: bool = False
    """Everyone has anted an agreed amount; the hand starts at the flop (R46)."""
    full_blind_to_call: bool = False
    """Preflop the bet to call, and the base of the smallest raise, are at least the largest
    blind or straddle due, even when its poster is all-in for less (PokerStars, TDA: blinds
    100/200, the big blind all-in for 105, the next player calls 200 and may raise to 400).
    The short poster wins only what they matched (R8, R23). Default: the bet to call is
    the largest bet in, as PokerKit has it."""
    paced_runout: bool = False
    """Dealing from a deck: once the hands are turned up at an all-in, wait before each
    street of the runout for ``Hand.deal_runout()`` (a cardroom shows one street at a
    time), rather than dealing the rest of the board at once. The cards are the same."""

    def __post_init__(self) -> None:
        _validate(self)

    # -- construction -----------------------------------------------------------------

    @classmethod
    def create(
        cls,
        structure: Structure | str,
        stacks: tuple[int, ...] | list[int],
        *,
        small_blind: int,
        big_blind: int,
        ante: int = 0,
        ante_kind: AnteKind | str | None = None,
        straddles: tuple[int, ...] | list[int] = (),
        button_straddle: int = 0,
        **rules: object,
    ) -> HandConfig:
        """A hand with the usual forced bets: blinds, an ante of some kind, straddles.

        ``stacks`` are by position (small blind first, the button last; heads-up the big
        blind first). ``straddles`` are posted from the seat after the big blind on (UTG,
        then UTG+1 re-straddling); ``button_straddle`` by the button.

        >>> HandConfig.create("nl", [200, 200, 200], small_blind=1, big_blind=2).blinds_or_straddles
        (1, 2, 0)
        """
        structure = Structure(structure)
        n = len(stacks)
        kind = (
            AnteKind(ante_kind)
            if ante_kind is not None
            else (AnteKind.UNIFORM if ante else AnteKind.NONE)
        )
        if n < MIN_PLAYERS:
            raise ConfigError(f"a hand needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
        blinds = [0] * n
        blinds[0], blinds[1] = small_blind, big_blind
        for i, amount in enumerate(straddles):
            if 2 + i >= n:
                raise ConfigError(f"{len(straddles)} straddles need more than {n} players")
            blinds[2 + i] = amount
        if button_straddle:
            if n < 3 or blinds[n - 1]:
                raise ConfigError("a button straddle needs a button that posts no other blind")
            blinds[n - 1] = button_straddle
        _check_blinds(small_blind, big_blind, [a for a in (*straddles, button_straddle) if a])
        antes = [0] * n
        if kind == AnteKind.UNIFORM:
            antes = [ante] * n
        elif kind == AnteKind.BIG_BLIND:
            antes[1] = ante or big_blind
        elif kind == AnteKind.BUTTON:
            antes[n - 1 if n > 2 else 0] = ante or big_blind  # heads-up arrays are reversed
        if structure == Structure.FIXED_LIMIT:
            rules.setdefault("big_bet", 2 * big_blind)
        return cls(
            structure=structure,
            starting_stacks=tuple(stacks),
            blinds_or_straddles=tuple(blinds),
            antes=tuple(antes),
            min_bet=big_blind,
            **rules,  # type: ignore[arg-type]
        )

    def pokerkit_conventions(self) -> HandConfig:
        """The same hand under the house rules PokerKit applies, and PHH files assume.

        Antes are posted before blinds; in Fixed-Limit at most four bets and raises a
        round counted from the first voluntary one, with no heads-up exception, and a
        short all-in reopens only as a full bet; a full raise is measured from voluntary
        bets and raises only; pots are formed again among the winners before the odd
        chips are given out. See docs/rules.md.
        """
        return replace(
            self,
            antes_before_blinds=True,
            raise_cap=3,
            blind_is_opening_bet=False,
            heads_up_uncapped=False,
            short_all_in_rule=ShortAllInRule.FULL_BET,
            pokerkit_reopening=True,
            pots_merged_after_showdown=True,
            odd_chips=OddChips.FIRST_WINNER,
        )

    # -- derived ----------------------------------------------------------------------

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def short_all_in(self) -> ShortAllInRule:
        if self.short_all_in_rule is not None:
            return self.short_all_in_rule
        if self.structure == Structure.FIXED_LIMIT:
            return ShortAllInRule.HALF_BET
        return ShortAllInRule.FULL_BET

    @property
    def antes_trimmed(self) -> bool:
        if self.ante_trimming is not None:
            return self.ante_trimming
        posted = [a for a in self.antes if a]
        return len(posted) > 1  # uniform antes are matched; a single ante is dead money

    def forced_bet(self, player: int) -> int:
        """The blind or straddle owed by this position (heads-up, in reverse: R6)."""
        return self.blinds_or_straddles[self._forced_index(player)]

    def ante(self, player: int) -> int:
        return self.antes[self._forced_index(player)]

    def _forced_index(self, player: int) -> int:
        return 1 - player if self.player_count == 2 else player

    def blind_position(self, player: int) -> int:
        """Which forced bet this player's position owes: 0 the small blind, 1 the big
        blind, 2 and on the straddles (heads-up the button is the small blind)."""
        return self._forced_index(player)

    def bet_size(self, street: int) -> int:
        """Fixed-Limit: the fixed bet of a street (0 preflop .. 3 river)."""
        if street >= 2:
            return self.big_bet if self.big_bet is not None else 2 * self.min_bet
        return self.min_bet


def _validate(config: HandConfig) -> None:
    n = len(config.starting_stacks)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ConfigError(f"a hand needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    for name in ("blinds_or_straddles", "antes"):
        values = getattr(config, name)
        if len(values) != n:
            raise ConfigError(f"{name} has {len(values)} entries for {n} players: one per player")
        if any(not isinstance(v, int) or v < 0 for v in values):
            raise ConfigError(f"{name} must be whole numbers of chips, 0 or more: got {values}")
    if any(not isinstance(s, int) or s <= 0 for s in config.starting_stacks):
        raise ConfigError(
            f"every starting stack must be a positive whole number of chips: got "
            f"{config.starting_stacks}"
        )
    if not isinstance(config.min_bet, int) or config.min_bet <= 0:
        raise ConfigError(f"the minimum bet must be a positive whole number, not {config.min_bet}")
    if config.big_bet is not None and config.big_bet < config.min_bet:
        raise ConfigError(
            f"the big bet ({config.big_bet}) cannot be smaller than the small bet "
            f"({config.min_bet})"
        )
    if config.raise_cap is not None and config.raise_cap < 1:
        raise ConfigError(
            f"the raise cap must be at least 1 (3 or 4 is usual), not {config.raise_cap}"
        )
    for name in ("live_posts", "dead_blinds"):
        values = getattr(config, name)
        if values and (len(values) != n or any(not isinstance(v, int) or v < 0 for v in values)):
            raise ConfigError(f"{name} needs one whole number, 0 or more, per player: got {values}")
    if not 1 <= config.run_count <= 4:
        raise ConfigError(f"a board can be run 1 to 4 times, not {config.run_count}")


def _check_blinds(small_blind: int, big_blind: int, straddles: list[int]) -> None:
    """The small blind is at most the big blind (R5); a straddle is at least the big blind,
    a re-straddle at least the one before (R9).

    Checked where the forced bets are named (``create``). Arrays given whole are positional
    and stay as given: a recorded hand (PHH, a PokerStars import of the chips posted) can
    have a big blind all-in for less than the small blind (R8), and a table's hand after a
    dead button can post a big blind or straddle in front of a late small blind.
    """
    if small_blind > big_blind:
        raise ConfigError(
            f"the small blind ({small_blind}) is above the big blind ({big_blind}): the "
            "small blind is at most the big blind (R5)"
        )
    floor, what = big_blind, "the big blind"
    for amount in straddles:
        if amount < floor:
            kind = "a straddle" if what == "the big blind" else "a re-straddle"
            raise ConfigError(
                f"{kind} of {amount} is below {what} ({floor}): a straddle is at least the "
                "big blind, usually twice it, and a re-straddle at least the straddle before "
                "it (R9)"
            )
        floor, what = amount, "the straddle before it"
