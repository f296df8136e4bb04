"""The observation columns and the action ids every RL interface of holdem shares.

One layout serves ``VectorEnv`` (the compiled engine), the single-table wrappers
(``Hand``) and the tests that hold the two together, so a column means the same thing
everywhere. docs/research.md lists every column.

Amounts are in big blinds (chips / big blind, as float32). Seats are listed relative to
the player to act: slot 0 is the actor, slot 1 the next player in the dealing order
(the next position, wrapping from the button to the first position), and so on.
"""

from __future__ import annotations

from dataclasses import dataclass

FOLD, CHECK_CALL, MIN_RAISE, HALF_POT, POT, ALL_IN = range(6)
ACTIONS = 6
ACTION_NAMES = ("fold", "check/call", "min bet/raise", "half pot", "pot", "all-in")
"""Action ids: sizes 2..4 are clamped into the legal bet or raise bounds (R13-R15)."""

CARDS = 52
STREETS = 4


@dataclass(frozen=True)
class Layout:
    """Where each group of columns starts, for ``players`` seats (D = 116 + 9 * players).

    - ``hole`` (52): 1 at the codes of the actor's two hole cards (``rank * 4 + suit``);
    - ``board`` (52): 1 at the codes of the board cards dealt so far;
    - ``street`` (4): one-hot, preflop, flop, turn, river;
    - ``position`` (players): one-hot of the actor's position, 0 the first dealt (the
      small blind; heads-up the big blind), the last the button;
    - ``stacks``, ``bets``, ``folded``, ``all_in`` (players each, by relative slot):
      chips behind, the bet of this round, 1 when folded, 1 when all-in;
    - ``pot``: every chip put in this hand, the bets of this round included;
    - ``to_call``: what a call adds (an all-in call when the stack is short);
    - ``raise_min``, ``raise_max``: the bounds of a bet or raise "to", 0 when none is legal;
    - ``street_chips`` (4 x players, street-major): chips each slot put in on each street,
      the blinds counting on the preflop and returned uncalled chips taken off;
    - ``street_raises`` (4): bets and raises made on each street, all-ins for less included.
    """

    players: int

    @property
    def hole(self) -> int:
        return 0

    @property
    def board(self) -> int:
        return CARDS

    @property
    def street(self) -> int:
        return 2 * CARDS

    @property
    def position(self) -> int:
        return self.street + STREETS

    @property
    def stacks(self) -> int:
        return self.position + self.players

    @property
    def bets(self) -> int:
        return self.stacks + self.players

    @property
    def folded(self) -> int:
        return self.bets + self.players

    @property
    def all_in(self) -> int:
        return self.folded + self.players

    @property
    def pot(self) -> int:
        return self.all_in + self.players

    @property
    def to_call(self) -> int:
        return self.pot + 1

    @property
    def raise_min(self) -> int:
        return self.pot + 2

    @property
    def raise_max(self) -> int:
        return self.pot + 3

    @property
    def street_chips(self) -> int:
        return self.pot + 4

    @property
    def street_raises(self) -> int:
        return self.street_chips + STREETS * self.players

    @property
    def size(self) -> int:
        return self.street_raises + STREETS

    def names(self) -> list[str]:
        """A name per column, in order: ``hole:As``, ``stack:1``, ``street_chips:flop:0``."""
        from holdem.cards import Card

        n = self.players
        cards = [str(Card(c)) for c in range(CARDS)]
        streets = ("preflop", "flop", "turn", "river")
        names = [f"hole:{c}" for c in cards] + [f"board:{c}" for c in cards]
        names += [f"street:{s}" for s in streets] + [f"position:{p}" for p in range(n)]
        for group in ("stack", "bet", "folded", "all_in"):
            names += [f"{group}:{k}" for k in range(n)]
        names += ["pot", "to_call", "raise_min", "raise_max"]
        names += [f"street_chips:{s}:{k}" for s in streets for k in range(n)]
        names += [f"street_raises:{s}" for s in streets]
        return names
