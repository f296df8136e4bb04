"""The game loop in-process, with a scripted player: seeds, the PHH file, rebuys, quitting."""

from collections.abc import Callable
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig, Structure
from holdem.errors import ConfigError
from holdem.history.actions import Fold
from holdem.history.phh import load
from holdem.history.replay import replay_paths
from holdem.table import Entry
from holdem.terminal.screen import Screen
from holdem.terminal.session import Game, Options, default_bots
from holdem.terminal.view import PotView, pot_views

Policy = Callable[[str], str | None]


class ScriptedScreen(Screen):
    """A screen off any terminal whose player answers each prompt by ``policy``."""

    def __init__(self, policy: Policy) -> None:
        self.out = StringIO()
        super().__init__(Console(file=self.out, width=100, height=40, color_system=None))
        self.policy = policy
        self.prompts: list[str] = []

    def ask(self, prompt: Text) -> str | None:
        self.prompts.append(prompt.plain)
        assert len(self.prompts) < 1000, "the script never ends the session"
        return self.policy(prompt.plain)


def calling_station(hands: int) -> Policy:
    """Calls or checks everything for ``hands`` hands, then quits."""
    seen = {"next": 0}

    def answer(prompt: str) -> str | None:
        if "next hand" in prompt:
            seen["next"] += 1
            return "" if seen["next"] < hands else "q"
        return "y" if "Rebuy" in prompt else "c"

    return answer


def play(tmp_path: Path, policy: Policy, name: str = "s.phhs", **options: object) -> Game:
    settings = {"players": 4, "seed": 11, "bots": ("random",), **options}
    game = Game(Options(history=tmp_path / name, **settings), ScriptedScreen(policy))  # type: ignore[arg-type]
    game.run()
    return game


def test_a_seed_repeats_the_session_exactly(tmp_path):
    play(tmp_path, calling_station(6), "a.phhs")
    play(tmp_path, calling_station(6), "b.phhs")
    play(tmp_path, calling_station(6), "c.phhs", seed=12)
    a, b, c = ((tmp_path / f"{n}.phhs").read_text() for n in "abc")
    assert a == b
    assert a != c


def test_every_hand_is_written_and_replays_to_the_same_stacks(tmp_path):
    game = play(tmp_path, calling_station(8), coach=True)
    hands = load(tmp_path / "s.phhs")
    assert len(hands) == game.summary().hands >= 8  # rebuys ask instead of "next hand"
    results = list(replay_paths([tmp_path / "s.phhs"]))
    assert [r.match for r in results] == [True] * len(hands)
    # The last hand's finishing stacks are the stacks at the table, seat by seat.
    last = hands[-1]
    assert last.seats is not None and last.finishing_stacks is not None
    by_seat = dict(zip(last.seats, last.finishing_stacks, strict=True))
    table = [seat.stack for seat in game.table.seats if seat is not None]
    assert [by_seat[n] for n in range(1, 5)] == table


def test_q_folds_the_hand_in_play_records_it_and_ends_the_session(tmp_path):
    game = play(tmp_path, lambda prompt: "q")
    assert game.summary().hands == 1
    (hand,) = load(tmp_path / "s.phhs")
    assert hand.players is not None and "You" in hand.players
    you = hand.players.index("You")
    assert Fold(you) in hand.actions  # PHH players are 0-based here
    assert game.played.hand.folded[game.played.seat_of.index(0)]


def test_a_second_session_adds_to_the_same_file(tmp_path):
    play(tmp_path, calling_station(3))
    first = len(load(tmp_path / "s.phhs"))
    game = play(tmp_path, calling_station(2), seed=99)
    hands = load(tmp_path / "s.phhs")
    assert len(hands) == first + game.summary().hands
    assert [h.hand for h in hands] == list(range(1, len(hands) + 1))
    assert all(r.match for r in replay_paths([tmp_path / "s.phhs"]))


def test_a_file_that_is_not_phh_is_not_overwritten(tmp_path):
    (tmp_path / "notes.phhs").write_text("my notes = [")
    with pytest.raises(ConfigError, match="is not a PHH file"):
        play(tmp_path, calling_station(1), "notes.phhs")
    assert (tmp_path / "notes.phhs").read_text() == "my notes = ["


def test_end_of_input_quits_like_q(tmp_path):
    game = play(tmp_path, lambda prompt: None)
    assert game.summary().hands == 1


def test_you_rebuy_when_you_say_so(tmp_path):
    answers = {"Rebuy": "y", "next hand": "", "all-in": "a", "Your turn": "c"}
    count = {"hands": 0}

    def shove(prompt: str) -> str | None:
        if "next hand" in prompt or "Rebuy" in prompt:
            count["hands"] += 1
            if count["hands"] > 25:
                return "q" if "next hand" in prompt else "n"
        return next(a for key, a in answers.items() if key in prompt)

    game = play(tmp_path, shove, players=2)
    top_ups = [(e.player, e.amount) for e in game.table.ledger.entries if e.kind == Entry.TOP_UP]
    assert ("You", 200) in top_ups
    assert all(r.match for r in replay_paths([tmp_path / "s.phhs"]))


def test_a_busted_bot_rebuys_at_once(tmp_path):
    game = play(tmp_path, lambda prompt: "q", players=3)
    game.table.adjust(2, -game.table.seats[2].stack)  # type: ignore[union-attr]
    game.screen.policy = lambda prompt: "f" if "Your turn" in prompt else ""  # type: ignore[attr-defined]
    assert game.between_hands()
    assert game.table.seats[2] is not None and game.table.seats[2].stack == 200
    game.play_hand()
    assert "Ben rebuys for 200" in game.log[0].plain


def test_saying_no_to_a_rebuy_ends_the_session(tmp_path):
    def shove_then_leave(prompt: str) -> str | None:
        if "Rebuy" in prompt:
            return "n"
        return "" if "next hand" in prompt else "a" if "all-in" in prompt else "c"

    game = play(tmp_path, shove_then_leave, players=2)
    assert game.table.seats[0] is not None and game.table.seats[0].stack == 0
    assert "Rebuy" in game.screen.prompts[-1]  # type: ignore[attr-defined]


def test_refused_input_is_explained_and_asked_again(tmp_path):
    script = iter(["k", "r 3", "zz", "f", "q"])
    game = play(tmp_path, lambda prompt: next(script), players=3)
    out = game.screen.out.getvalue()  # type: ignore[attr-defined]
    assert "you cannot check: there is a bet of 2" in out
    assert "the minimum raise is to 4" in out
    assert "'zz' is not an action here" in out


def test_fixed_limit_offers_the_fixed_sizes_and_r_needs_no_amount(tmp_path):
    script = iter(["r", "q"])
    game = play(tmp_path, lambda prompt: next(script), players=2, structure=Structure.FIXED_LIMIT)
    assert "raise to [4]" in game.screen.prompts[0]  # type: ignore[attr-defined]
    assert "You raise to 4" in game.screen.out.getvalue()  # type: ignore[attr-defined]


def test_the_default_bots_play_a_few_hands(tmp_path):
    game = play(tmp_path, calling_station(3), bots=(), coach=True)
    assert set(game.kinds.values()) == set(default_bots())
    assert all(r.match for r in replay_paths([tmp_path / "s.phhs"]))


def test_options_are_checked():
    with pytest.raises(ConfigError, match="no bot called 'nobody'"):
        Game(Options(history=Path("x.phhs"), bots=("nobody",)), ScriptedScreen(lambda p: None))
    with pytest.raises(ConfigError, match=r"\.phhs"):
        Game(Options(history=Path("x.phh")), ScriptedScreen(lambda p: None))
    assert default_bots()  # the good bots where they exist, else random


def test_side_pots_show_who_contests_them():
    config = HandConfig.create("nl", [50, 200, 200], small_blind=1, big_blind=2)
    hand = Hand(config, Deck())
    names = ["Ana", "Ben", "Cleo"]
    hand.act(Action.raise_to(10))  # the button
    hand.act(Action.all_in())  # the small blind, 50
    hand.act(Action.call())  # the big blind calls 50
    hand.act(Action.raise_to(150))  # the button raises: Ana cannot win those chips
    assert pot_views(hand, names) == [
        PotView("main pot", 150),
        PotView("side pot 1", 100, "Ben, Cleo"),
    ]
    hand.act(Action.fold())  # Ben folds: Cleo's raise is uncalled beyond Ana's 50
    assert hand.is_over
    assert sum(p.amount for p in pot_views(hand, names)) == 150
