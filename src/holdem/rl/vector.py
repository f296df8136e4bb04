"""``VectorEnv``: many tables of hold'em stepped at once by a compiled engine.

One ``step`` is one decision at every table. A table whose hand ends deals the next
one at once (the button one seat on, every stack back to ``stack``), so every table
always waits on a decision and a policy sees a full batch each step.

>>> env = VectorEnv(4, players=3, seed=1)
>>> obs = env.reset()
>>> obs["observation"].shape, obs["legal_mask"].shape, obs["to_act"].shape
((4, 143), (4, 6), (4,))
>>> obs, rewards, dones, info = env.step(np.ones(4, dtype=np.int64))  # check or call
>>> rewards.shape, bool((info["final_stacks"].sum(axis=1)[dones] == 300).all())
((4, 3), True)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from holdem.engine import HandConfig, ShortAllInRule, Structure
from holdem.engine.config import MAX_PLAYERS, MIN_PLAYERS, OddChips
from holdem.errors import ConfigError, IllegalActionError, InvalidCardsError
from holdem.evaluator.tables import kernel_arrays
from holdem.rl.infostate import InfoStateLayout
from holdem.rl.layout import ACTION_NAMES, ACTIONS, Layout

MAX_TABLES = 1 << 20
_MAX_CHIPS = 1 << 60  # every chip count fits in int64, with room for sums
_STRUCTURES = {Structure.NO_LIMIT: 0, Structure.POT_LIMIT: 1, Structure.FIXED_LIMIT: 2}


def _whole(name: str, value: object, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ConfigError(f"{name} is a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        allowed = f"{low} or more" if high is None else f"{low} to {high}"
        raise ConfigError(f"{name} must be {allowed}, not {value}")
    return int(value)


def seat_stacks(stack: int | Sequence[int], players: int, big_blind: int) -> tuple[int, ...]:
    """The stack each seat starts every hand with: ``stack`` chips, or one per seat."""
    if isinstance(stack, np.ndarray):
        stack = stack.tolist()  # one stack per seat, or a 0-d array of one stack
    if isinstance(stack, int | np.integer) and not isinstance(stack, bool):
        stacks = (_whole("stack", stack, 1),) * players
    elif isinstance(stack, Sequence) and not isinstance(stack, str):
        if len(stack) != players:
            raise ConfigError(f"stack lists {len(stack)} seats for {players} players: one each")
        stacks = tuple(_whole("every stack", s, 1) for s in stack)
    else:
        raise ConfigError(f"stack is a number of chips, or one per seat, not {stack!r}")
    if sum(1 for s in stacks if s > big_blind) < 2:
        raise ConfigError(
            f"at least two seats need more chips than the big blind ({big_blind}), or a hand "
            f"could pass with no decision to make: got stacks {stacks}"
        )
    if sum(stacks) >= _MAX_CHIPS:
        raise ConfigError(f"keep the stacks under {_MAX_CHIPS:,} chips in all")
    return stacks


class VectorEnv:
    """``num_tables`` tables of ``players`` seats, each hand from ``stack`` chips a seat.

    ``stack`` is in chips (as RLCard's 100 chips at blinds 1-2), or a sequence of one
    stack per seat; blinds are in chips; ``structure`` is ``"nl"``, ``"pl"`` or ``"fl"``
    (Fixed-Limit bets the big blind, then twice it from the turn, a bet and three
    raises a round). ``seed``: the same seed deals the same cards at every table.
    ``info_state``: add ``obs["info_state"]``, the actor's perfect-recall information
    state (``infostate.InfoStateLayout``, ``info_state_layout``). ``opponents``: seats
    played inside the environment, ``{seat: "tag" | "random" | "caller" | policy}``;
    the named bots decide inside the compiled kernel, a policy is a function from an
    ``obs`` dict (the rows of the tables where its seat acts) to their action ids.
    ``step`` then returns only decisions of the other seats; rewards add up every hand
    finished since the last step, hands the bots played alone included.
    The rules are ``holdem.engine.Hand``'s, without antes or straddles.
    """

    def __init__(
        self,
        num_tables: int,
        players: int = 6,
        stack: int | Sequence[int] = 100,
        small_blind: int = 1,
        big_blind: int = 2,
        structure: str = "nl",
        seed: int | None = None,
        info_state: bool = False,
        opponents: Mapping[int, str | Callable[[dict[str, np.ndarray]], Any]] | None = None,
    ) -> None:
        self.num_tables = _whole("num_tables", num_tables, 1, MAX_TABLES)
        self.players = n = _whole("players", players, MIN_PLAYERS, MAX_PLAYERS)
        self.big_blind = _whole("big_blind", big_blind, 1)
        self.small_blind = _whole("small_blind", small_blind, 0, self.big_blind)
        try:
            self.structure = Structure(structure)
        except ValueError:
            choices = ", ".join(repr(s.value) for s in Structure)
            raise ConfigError(f"structure is one of {choices}, not {structure!r}") from None
        self.stacks = seat_stacks(stack, n, self.big_blind)
        if seed is not None:
            _whole("seed", seed, 0)
        self.seed = seed
        self.layout = Layout(n)
        self._rules = self._compile_rules()
        self._allocate()
        from holdem.rl.vector_info import InfoStates

        if not isinstance(info_state, bool):
            raise ConfigError(f"info_state is True or False, not {info_state!r}")
        self._info_states = (
            InfoStates(self.num_tables, n, self.stacks, self.big_blind, self.big_blind)
            if info_state
            else None
        )
        from holdem.rl.opponents import Opponents

        self._opponents = None if not opponents else Opponents(opponents, n, self.num_tables)
        if self._opponents is not None and info_state:
            raise ConfigError(
                "info_state=True records the actions step() is given, so it cannot be "
                "combined with opponents that act inside the environment yet"
            )
        self._ready = False

    # -- the interface --------------------------------------------------------------------

    @property
    def observation_size(self) -> int:
        return self.layout.size

    def reset(self, seed: int | None = None) -> dict[str, np.ndarray]:
        """Deal a first hand at every table, the button on the last seat.

        ``seed`` (or the constructor's, or a fresh random one) seeds each table's own
        generator, so a table's cards do not depend on how many tables there are."""
        from holdem.kernels import rl_step as k

        if seed is not None:
            _whole("seed", seed, 0)
        chosen = seed if seed is not None else self.seed
        if chosen is None:
            chosen = secrets.randbits(63)
        self._rng[:] = np.random.SeedSequence(chosen).generate_state(
            self.num_tables, dtype=np.uint64
        )
        self._tab[:] = 0
        self._tab[:, k.T_BUTTON] = self.players - 1
        if self._opponents is None:
            self._check(k.reset(self._env, self._views, self._out, self._work))
        else:
            self._opponents.seed(chosen)
            self._rewards[:] = 0
            self._net[:] = 0
            self._dones[:] = False
            bots = self._opponents.kernel_arrays
            self._check(k.reset_bots(self._env, self._views, self._out, self._work, bots))
            self._play_callables()
            self._opponents.carry(self._rewards, self._net, self._dones)
        self._ready = True
        if self._info_states is not None:
            self._info_states.clear()
        self._describe()
        return self._obs

    def step(
        self, actions: Any, amounts: Any = None
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Apply one action id per table (``layout.ACTION_NAMES``); see docs/research.md.

        ``amounts``: optional "to" amounts in chips, one per table, for the tables whose
        action is a bet or raise (ids 2, 3, 4): the total this round the player bets to,
        clamped into the legal bounds; a negative amount keeps the id's own size.
        Returns (obs, rewards, dones, info): rewards in big blinds per seat, non-zero
        only where a hand ended (``dones``). The arrays are the environment's own and
        the next call overwrites them: copy what you keep.
        """
        from holdem.kernels import rl_step as k

        if not self._ready:
            raise ConfigError("call reset() before step(): no hand has been dealt yet")
        chosen = self._as_row("actions", actions)
        sizes = self._no_amounts if amounts is None else self._as_row("amounts", amounts)
        if self._info_states is not None and self._all_legal(chosen):
            self._info_states.record(self._tab, self._state, chosen, sizes)
        if self._opponents is None:
            self._check(
                k.step(self._env, self._views, self._out, self._work, chosen, sizes), chosen
            )
        else:
            self._step_with_bots(chosen, sizes, self._opponents.everywhere, clear=True)
            self._play_callables()
            self._opponents.add_carried(self._rewards, self._net, self._dones)
        self._describe()
        return self._obs, self._rewards, self._dones, self._info()

    @property
    def info_state_layout(self) -> InfoStateLayout | None:
        """The columns of ``obs["info_state"]`` (None without ``info_state=True``)."""
        return None if self._info_states is None else self._info_states.layout

    # -- what a replay or a test needs ----------------------------------------------------

    def hand_config(self, table: int) -> HandConfig:
        """The ``HandConfig`` of the hand now at ``table``, stacks by position."""
        from holdem.kernels import rl_step as k

        button = int(self._tab[table, k.T_BUTTON])
        n = self.players
        by_position = [self.stacks[(button + 1 + p) % n] for p in range(n)]
        return HandConfig.create(
            self.structure, by_position, small_blind=self.small_blind, big_blind=self.big_blind
        )

    def seat_of(self, table: int, position: int) -> int:
        from holdem.kernels import rl_step as k

        return (int(self._tab[table, k.T_BUTTON]) + 1 + position) % self.players

    # -- control of a table ---------------------------------------------------------------

    STATE_FIELDS = ("tab", "state", "folded", "history", "raises", "deck", "rng")

    def get_state(self, table: int) -> dict[str, np.ndarray]:
        """Everything table ``table`` is, as copies: ``set_state`` puts it back (on this
        table or another of an environment with the same options)."""
        t = self._table_number(table)
        arrays = (self._tab, self._state, self._folded, self._history, self._raises)
        saved = {name: a[t].copy() for name, a in zip(self.STATE_FIELDS, arrays, strict=False)}
        saved["deck"] = self._decks[t].copy()
        saved["rng"] = self._rng[t : t + 1].copy()
        if self._info_states is not None:
            saved["info_state"] = self._info_states.tensor[t].copy()
            saved["info_count"] = self._info_states.count[t : t + 1].copy()
        if self._opponents is not None:
            saved["seen"] = self._opponents.seen[t].copy()
            saved["bot_rng"] = self._opponents.bot_rng[t : t + 1].copy()
        return saved

    def set_state(self, table: int, saved: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        """Put a ``get_state`` back on ``table``; returns ``obs`` (that row described again)."""
        t = self._table_number(table)
        if not self._ready:
            raise ConfigError("call reset() before set_state(): the tables are not dealt yet")
        targets = {
            "tab": self._tab[t],
            "state": self._state[t],
            "folded": self._folded[t],
            "history": self._history[t],
            "raises": self._raises[t],
            "deck": self._decks[t],
            "rng": self._rng[t : t + 1],
        }
        if self._info_states is not None:
            targets["info_state"] = self._info_states.tensor[t]
            targets["info_count"] = self._info_states.count[t : t + 1]
        if self._opponents is not None:
            targets["seen"] = self._opponents.seen[t]
            targets["bot_rng"] = self._opponents.bot_rng[t : t + 1]
        for name, target in targets.items():
            value = saved.get(name)
            if value is None or np.shape(value) != target.shape:
                raise ConfigError(
                    f"this state does not fit: {name!r} must be shaped {target.shape}, as "
                    "get_state() gives it for an environment with the same options"
                )
        for name, target in targets.items():
            target[:] = saved[name]
        self._redescribe(t)
        return self._obs

    def set_deck(self, table: int, order: Sequence[int] | np.ndarray) -> dict[str, np.ndarray]:
        """Deal the hand now at ``table`` from ``order`` (52 distinct card codes, dealt as
        ``Hand(config, Deck(order))`` deals: hole cards round the table from position 0,
        then a burn before each street). The cards already seen change with it: use it
        at the start of a hand to fix the deck."""
        t = self._table_number(table)
        cards = np.asarray(order)
        if cards.shape != (52,) or sorted(cards.tolist()) != list(range(52)):
            raise ConfigError("a deck order is the 52 card codes 0..51, each once")
        self._decks[t] = cards.astype(np.uint8)
        self._redescribe(t)
        return self._obs

    def clone(self) -> VectorEnv:
        """An independent copy: every table, its generator and its bots as they are now."""
        import copy

        twin: VectorEnv = copy.deepcopy(self)
        return twin

    def _table_number(self, table: int) -> int:
        return _whole("table", table, 0, self.num_tables - 1)

    def _redescribe(self, t: int) -> None:
        from holdem.kernels import rl_step as k

        if not k.describe_table(self._env, self._views, self._out, self._work, t):
            raise InvalidCardsError(f"table {t} holds cards the evaluator refuses")
        if self._info_states is not None:
            obs = self._obs
            obs["info_state"] = self._info_states.describe(
                obs["hole"], obs["board"], self._tab, np.zeros(self.num_tables, np.bool_)
            )

    def hands_played(self) -> np.ndarray:
        """Hands finished at each table since ``reset`` (as ``info["hands"]``)."""
        from holdem.kernels import rl_step as k

        return self._tab[:, k.T_HANDS].copy()

    def deck_orders(self) -> np.ndarray:
        """The deck order of each table's current hand (``Hand(config, Deck(order))``)."""
        return self._decks.copy()

    # -- inside ---------------------------------------------------------------------------

    def _compile_rules(self) -> np.ndarray:
        from holdem.kernels import rl_step as k

        config = HandConfig.create(
            self.structure,
            list(self.stacks),
            small_blind=self.small_blind,
            big_blind=self.big_blind,
        )
        rules = np.zeros(k.RULES, dtype=np.int64)
        rules[k.R_PLAYERS] = self.players
        rules[k.R_STRUCTURE] = _STRUCTURES[config.structure]
        rules[k.R_MIN_BET] = config.min_bet
        rules[k.R_BIG_BET] = config.bet_size(2)
        rules[k.R_RAISE_CAP] = -1 if config.raise_cap is None else config.raise_cap
        rules[k.R_HALF_BET] = (
            config.structure == Structure.FIXED_LIMIT
            and config.short_all_in == ShortAllInRule.HALF_BET
        )
        rules[k.R_ODD_ONE_EACH] = config.odd_chips == OddChips.ONE_EACH
        self._blinds = np.array([config.forced_bet(p) for p in range(self.players)], np.int64)
        return rules

    def _allocate(self) -> None:
        from holdem.kernels import rl_step as k

        t, n, layout = self.num_tables, self.players, self.layout
        self._tab = np.zeros((t, k.TABLE_FIELDS), dtype=np.int64)
        self._state = np.zeros((t, 4, n), dtype=np.int64)
        self._folded = np.zeros((t, n), dtype=np.bool_)
        self._history = np.zeros((t, 4, n), dtype=np.int64)
        self._raises = np.zeros((t, 4), dtype=np.int64)
        self._decks = np.zeros((t, 52), dtype=np.uint8)
        self._rng = np.zeros(t, dtype=np.uint64)
        seats = np.array(self.stacks, dtype=np.int64)
        self._env = (
            self._rules,
            self._blinds,
            seats,
            self._tab,
            self._state,
            self._folded,
            self._history,
            self._raises,
            self._decks,
            self._rng,
        )
        offsets = np.zeros(k.OFFSETS, dtype=np.int64)
        offsets[k.O_HOLE], offsets[k.O_BOARD] = layout.hole, layout.board
        offsets[k.O_STREET], offsets[k.O_POSITION] = layout.street, layout.position
        offsets[k.O_STACKS], offsets[k.O_BETS] = layout.stacks, layout.bets
        offsets[k.O_FOLDED], offsets[k.O_ALL_IN] = layout.folded, layout.all_in
        offsets[k.O_POT] = layout.pot
        offsets[k.O_STREET_CHIPS] = layout.street_chips
        offsets[k.O_STREET_RAISES] = layout.street_raises
        observation = np.zeros((t, layout.size), dtype=np.float32)
        mask = np.zeros((t, ACTIONS), dtype=np.bool_)
        bounds = np.zeros((t, 4), dtype=np.int64)
        to_act = np.zeros(t, dtype=np.int64)
        hole = np.zeros((t, 2), dtype=np.int64)
        board = np.zeros((t, 5), dtype=np.int64)
        chips = np.zeros((t, 2 * n + 2), dtype=np.int64)
        self._views = (offsets, mask, bounds, observation, to_act, hole, board, chips)
        self._obs = {
            "observation": observation,
            "legal_mask": mask,
            "to_act": to_act,
            "bounds": bounds,
            "hole": hole,
            "board": board,
            "chips": chips,
        }
        self._rewards = np.zeros((t, n), dtype=np.float32)
        self._net = np.zeros((t, n), dtype=np.int64)
        self._final = np.zeros((t, n), dtype=np.int64)
        self._dones = np.zeros(t, dtype=np.bool_)
        self._out = (self._rewards, self._net, self._final, self._dones)
        self._no_amounts = np.full(t, -1, dtype=np.int64)
        # the showdown's scratch arrays, allocated here: the kernel allocates nothing
        self._work = (
            np.zeros((n, 7), dtype=np.uint8),
            np.zeros(n, dtype=np.int32),
            np.zeros((3, n + 1), dtype=np.int64),
            kernel_arrays(),
        )

    def _play_callables(self) -> None:
        """Ask the policy opponents for their actions until none of them is to act."""
        assert self._opponents is not None
        while True:
            actions, waiting = self._opponents.callable_actions(self._obs)
            if not waiting.any():
                return
            self._step_with_bots(actions, self._no_amounts, waiting, clear=False)

    def _step_with_bots(
        self, actions: np.ndarray, amounts: np.ndarray, active: np.ndarray, clear: bool
    ) -> None:
        """Apply ``actions`` at the ``active`` tables, the compiled bots playing on."""
        from holdem.kernels import rl_step as k

        assert self._opponents is not None
        bots = self._opponents.kernel_arrays
        status = k.step_bots(
            self._env, self._views, self._out, self._work, actions, amounts, active, clear, bots
        )
        self._check(status, actions)

    def _all_legal(self, actions: np.ndarray) -> bool:
        inside = (actions >= 0) & (actions < ACTIONS)
        if not inside.all():
            return False
        return bool(self._obs["legal_mask"][np.arange(self.num_tables), actions].all())

    def _describe(self) -> None:
        """The information states beside the compiled observation, when asked for."""
        if self._info_states is not None:
            obs = self._obs
            obs["info_state"] = self._info_states.describe(
                obs["hole"], obs["board"], self._tab, self._dones
            )

    def _info(self) -> dict[str, np.ndarray]:
        from holdem.kernels import rl_step as k

        return {
            "final_stacks": self._final,
            "net_chips": self._net,
            "hands": self._tab[:, k.T_HANDS].copy(),
            "button": self._tab[:, k.T_BUTTON].copy(),
        }

    def _as_row(self, name: str, values: Any) -> np.ndarray:
        row = np.asarray(values)
        if row.shape != (self.num_tables,):
            raise ConfigError(
                f"{name} needs one entry per table, shape ({self.num_tables},), "
                f"not shape {row.shape}"
            )
        if not np.issubdtype(row.dtype, np.integer):
            raise ConfigError(f"{name} are whole numbers, not {row.dtype}")
        return np.ascontiguousarray(row, dtype=np.int64)

    def _check(self, status: int, actions: np.ndarray | None = None) -> None:
        if status == -1:
            return
        if status <= -2:
            raise InvalidCardsError(f"table {-2 - status} was dealt cards the evaluator refuses")
        assert actions is not None
        action = int(actions[status])
        if not 0 <= action < ACTIONS:
            raise IllegalActionError(
                f"table {status} chose action {action}: action ids are 0 to {ACTIONS - 1}"
            )
        allowed = [
            f"{i} ({ACTION_NAMES[i]})" for i in range(ACTIONS) if self._obs["legal_mask"][status, i]
        ]
        raise IllegalActionError(
            f"table {status} chose action {action} ({ACTION_NAMES[action]}), which is not "
            f"legal there: it may take {', '.join(allowed)}; nothing was applied"
        )
