"""Small poker games for game theory: Kuhn, Leduc and any deck and betting you configure.

``SmallGame`` describes the game: a deck of ``ranks`` x ``suits`` cards (code
``rank * suits + suit``, rank 0 the lowest), ``hole_cards`` each, ``board_cards[r]``
cards turned up before betting round ``r``, an ``ante`` each, and the betting: Limit
(each raise adds ``bets[r]``, at most ``max_raises`` a round) or No-Limit (raises to
``top + f * pot`` for each fraction of ``pot_fractions``, and all-in, from ``stack``).
Player 0 acts first in every round. At the showdown hands rank by rank groups (four of
a kind, three, two pair, a pair, high cards, compared group by group), without
straights or flushes; ties split the pot.

``SmallState`` plays it; ``holdem.rl.small_openspiel`` serves it to OpenSpiel. The
presets match OpenSpiel's ``kuhn_poker`` and ``leduc_poker`` move for move (same chance
outcomes in the same order, same legal actions), so their trees, values and
equilibria are the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from holdem.errors import ConfigError

FOLD, CALL, RAISE = 0, 1, 2
RANK_NAMES = "23456789TJQKA"


@dataclass(frozen=True)
class SmallGame:
    """The rules of a small poker game (see the module)."""

    players: int = 2
    ranks: int = 3
    suits: int = 2
    hole_cards: int = 1
    board_cards: tuple[int, ...] = (0, 1)
    ante: int = 1
    limit: bool = True
    bets: tuple[int, ...] = (2, 4)
    max_raises: int = 2
    stack: int = 100
    pot_fractions: tuple[float, ...] = (1.0,)
    rank_names: str = field(default="")

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 10:
            raise ConfigError(f"players must be 2 to 10, not {self.players}")
        if self.ranks < 1 or self.suits < 1:
            raise ConfigError("a deck needs at least one rank and one suit")
        if not self.board_cards or self.board_cards[0] < 0 or min(self.board_cards) < 0:
            raise ConfigError("board_cards lists the cards turned up before each round, from 0")
        needed = self.players * self.hole_cards + sum(self.board_cards)
        if needed > self.deck_size:
            raise ConfigError(
                f"the deck has {self.deck_size} cards and the game deals {needed}: "
                "add ranks or suits, or deal fewer"
            )
        if self.hole_cards < 1:
            raise ConfigError("hole_cards must be 1 or more")
        if self.limit and len(self.bets) != self.rounds:
            raise ConfigError(
                f"a Limit game gives one bet size per round: {self.rounds} rounds, "
                f"{len(self.bets)} bets"
            )
        if self.ante < 0 or self.stack <= self.ante:
            raise ConfigError("the stack must cover the ante, and the ante is 0 or more")
        if self.limit and (self.max_raises < 0 or min(self.bets) < 1):
            raise ConfigError("bets are 1 chip or more and max_raises 0 or more")
        if not self.limit and any(f <= 0 for f in self.pot_fractions):
            raise ConfigError("pot_fractions are fractions of the pot above 0")

    @property
    def deck_size(self) -> int:
        return self.ranks * self.suits

    @property
    def rounds(self) -> int:
        return len(self.board_cards)

    @property
    def actions(self) -> int:
        """Distinct action ids: fold, call, raise (Limit); fold, call, each fraction,
        all-in (No-Limit)."""
        return 3 if self.limit else 3 + len(self.pot_fractions)

    def action_name(self, action: int) -> str:
        if action in (FOLD, CALL):
            return ("fold", "call")[action]
        if self.limit:
            return "raise"
        if action == self.actions - 1:
            return "all-in"
        return f"raise {self.pot_fractions[action - 2]:g} pot"

    def card_name(self, card: int) -> str:
        names = self.rank_names or (RANK_NAMES[-self.ranks :] if self.ranks <= 13 else "")
        rank, suit = divmod(card, self.suits)
        head = names[rank] if names else f"r{rank}"
        return head + ("cdhs"[suit] if self.suits <= 4 and self.suits > 1 else "")

    def max_actions_per_round(self) -> int:
        """An upper bound on the actions of one betting round."""
        # No-Limit: every raise adds a chip or more
        raises = self.max_raises if self.limit else self.stack + self.players
        return (raises + 1) * self.players

    def max_game_length(self) -> int:
        deals = self.players * self.hole_cards + sum(self.board_cards)
        return deals + self.rounds * self.max_actions_per_round()


def kuhn(players: int = 2) -> SmallGame:
    """Kuhn poker: three cards (J, Q, K), one each, an ante of 1, one bet of 1."""
    return SmallGame(
        players=players,
        ranks=players + 1,
        suits=1,
        board_cards=(0,),
        bets=(1,),
        max_raises=1,
        rank_names="JQKA"[: players + 1] if players <= 3 else "",
    )


def leduc(players: int = 2) -> SmallGame:
    """Leduc hold'em: J, Q, K in two suits, one card each and one on the board, an ante
    of 1, raises of 2 then 4, two a round."""
    return SmallGame(players=players, ranks=players + 1, rank_names="JQKA"[: players + 1])


PRESETS = {"kuhn": kuhn, "leduc": leduc}


def strength(cards: Sequence[int], suits: int) -> tuple[tuple[int, int], ...]:
    """Rank groups, largest first, then by rank: compared as tuples."""
    counts = Counter(card // suits for card in cards)
    return tuple(sorted(((n, rank) for rank, n in counts.items()), reverse=True))


class SmallState:
    """One game in progress: the deal, then betting rounds with cards between them."""

    def __init__(self, game: SmallGame) -> None:
        self.game = game
        n = game.players
        self.cards: list[int] = []  # hole cards round the table, then the board
        self.round = 0
        self.history: list[list[int]] = [[]]
        self.contributed = [game.ante] * n
        self.folded = [False] * n
        self.player = -1  # -1 while cards are due
        self.raises = 0
        self.bet_level = game.ante  # what everyone must have in to stay
        self.last_increment = 0
        self.to_act: list[int] = []  # still to act this round, in order
        self.over = False

    def clone(self) -> SmallState:
        other = SmallState.__new__(SmallState)
        other.__dict__ = {
            **self.__dict__,
            "cards": list(self.cards),
            "history": [list(h) for h in self.history],
            "contributed": list(self.contributed),
            "folded": list(self.folded),
            "to_act": list(self.to_act),
        }
        return other

    # -- chance ---------------------------------------------------------------------------

    def cards_due(self) -> int:
        """Cards still to deal before the next decision."""
        game = self.game
        if self.over or self.player >= 0:
            return 0
        dealt_by = game.players * game.hole_cards + sum(game.board_cards[: self.round + 1])
        return dealt_by - len(self.cards)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = [c for c in range(self.game.deck_size) if c not in self.cards]
        return [(c, 1.0 / len(left)) for c in left]

    def deal(self, card: int) -> None:
        self.cards.append(card)
        if self.cards_due() == 0:
            self._open_round()

    # -- betting --------------------------------------------------------------------------

    def stack(self, player: int) -> int:
        return self.game.stack - self.contributed[player]

    def _open_round(self) -> None:
        live = [p for p in range(self.game.players) if not self.folded[p] and self.stack(p) > 0]
        self.raises = 0
        self.last_increment = 0
        if len(live) < 2 and all(self.contributed[p] >= self.bet_level for p in live):
            self._next_round()
            return
        self.to_act = live
        self.player = live[0]

    def legal_actions(self) -> list[int]:
        game, p = self.game, self.player
        owed = self.bet_level - self.contributed[p]
        actions = [FOLD] if owed > 0 else []
        actions.append(CALL)
        if self.stack(p) <= owed:
            return actions
        others_can_act = any(
            q != p and not self.folded[q] and self.stack(q) > 0 for q in range(game.players)
        )
        if not others_can_act:
            return actions
        if game.limit:
            if self.raises < game.max_raises and self.stack(p) >= owed + game.bets[self.round]:
                actions.append(RAISE)
            return actions
        seen: set[int] = set()
        all_in = self.contributed[p] + self.stack(p)
        for i in range(len(game.pot_fractions)):
            to = self._raise_to(i)
            if to < all_in and to not in seen:
                seen.add(to)
                actions.append(2 + i)
        actions.append(game.actions - 1)
        return actions

    def _raise_to(self, fraction_index: int) -> int:
        """A No-Limit raise's total: the fraction of the pot after calling, at least a
        full raise (the last raise's size, and 1 chip)."""
        pot_after_call = sum(self.contributed) + self.bet_level - self.contributed[self.player]
        grow = int(self.game.pot_fractions[fraction_index] * pot_after_call)
        return self.bet_level + max(grow, self.last_increment, 1)

    def apply(self, action: int) -> None:
        game, p = self.game, self.player
        self.history[self.round].append(action)
        self.to_act.remove(p)
        if action == FOLD:
            self.folded[p] = True
        elif action == CALL:
            self.contributed[p] += min(self.bet_level - self.contributed[p], self.stack(p))
        else:
            if game.limit:
                to = self.bet_level + game.bets[self.round]
            elif action == game.actions - 1:
                to = self.contributed[p] + self.stack(p)
            else:
                to = self._raise_to(action - 2)
            self.last_increment = max(self.last_increment, to - self.bet_level)
            self.bet_level = to
            self.contributed[p] = to
            self.raises += 1
            n = game.players
            order = [(p + k) % n for k in range(1, n)]
            self.to_act = [q for q in order if not self.folded[q] and self.stack(q) > 0]
        self._advance()

    def _advance(self) -> None:
        in_hand = [q for q in range(self.game.players) if not self.folded[q]]
        if len(in_hand) == 1:
            self.over = True
            self.player = -1
            return
        if self.to_act:
            self.player = self.to_act[0]
            return
        self._next_round()

    def _next_round(self) -> None:
        self.player = -1
        if self.round + 1 >= self.game.rounds:
            self.over = True
            return
        self.round += 1
        self.history.append([])
        if self.cards_due() == 0:
            self._open_round()

    # -- the end --------------------------------------------------------------------------

    def hole(self, player: int) -> list[int]:
        n, k = self.game.players, self.game.hole_cards
        return [self.cards[i * n + player] for i in range(k) if i * n + player < len(self.cards)]

    def board(self) -> list[int]:
        return self.cards[self.game.players * self.game.hole_cards :]

    def returns(self) -> list[float]:
        """Chips won by each player (zero before the end)."""
        if not self.over:
            return [0.0] * self.game.players
        in_hand = [q for q in range(self.game.players) if not self.folded[q]]
        pot = sum(self.contributed)
        won = [0.0] * self.game.players
        if len(in_hand) == 1:
            won[in_hand[0]] = pot
        else:
            # side pots by contribution level (a No-Limit all-in for less)
            levels = sorted({self.contributed[q] for q in in_hand})
            floor = 0
            for level in levels:
                layer = sum(min(c, level) - min(c, floor) for c in self.contributed)
                eligible = [q for q in in_hand if self.contributed[q] >= level]
                best = max(
                    strength([*self.hole(q), *self.board()], self.game.suits) for q in eligible
                )
                winners = [
                    q
                    for q in eligible
                    if strength([*self.hole(q), *self.board()], self.game.suits) == best
                ]
                for q in winners:
                    won[q] += layer / len(winners)
                floor = level
            # chips above the highest level still in (a folded player's) go to that level
            rest = pot - sum(won)
            if rest:
                top = [q for q in in_hand if self.contributed[q] == levels[-1]]
                for q in top:
                    won[q] += rest / len(top)
        return [won[q] - self.contributed[q] for q in range(self.game.players)]

    # -- what a player knows --------------------------------------------------------------

    def info_state_string(self, player: int) -> str:
        """The player's cards, the board round by round and every action, in order."""
        game = self.game
        hole = " ".join(game.card_name(c) for c in self.hole(player))
        parts = [f"p{player} [{hole}]"]
        board = self.board()
        start = 0
        for r, actions in enumerate(self.history):
            shown = board[start : start + game.board_cards[r]]
            start += game.board_cards[r]
            head = f"r{r}" + (f" [{' '.join(game.card_name(c) for c in shown)}]" if shown else "")
            parts.append(head + ": " + " ".join(game.action_name(a) for a in actions))
        return " | ".join(parts)

    def info_state_tensor(self, player: int) -> list[float]:
        """Player (one-hot), hole cards, board cards by round (one-hot by card), then for
        each round ``max_actions_per_round`` one-hot actions."""
        game = self.game
        deck, width = game.deck_size, game.actions
        row = [0.0] * info_state_size(game)
        row[player] = 1
        for c in self.hole(player):
            row[game.players + c] = 1
        base = game.players + deck
        board = self.board()
        start = 0
        for r in range(game.rounds):
            for c in board[start : start + game.board_cards[r]]:
                row[base + c] = 1
            start += game.board_cards[r]
            base += deck
        per_round = game.max_actions_per_round()
        for r, actions in enumerate(self.history):
            for i, a in enumerate(actions):
                row[base + (r * per_round + i) * width + a] = 1
        return row


def info_state_size(game: SmallGame) -> int:
    cards = game.deck_size * (1 + game.rounds)
    return game.players + cards + game.rounds * game.max_actions_per_round() * game.actions
