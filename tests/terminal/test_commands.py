"""What the player types, read into actions: short forms, amounts, and refusals."""

import pytest

from holdem.engine import Action, ActionKind, AmountRange, LegalActions
from holdem.terminal.commands import Help, Quit, Refusal, read_command

FACING_BET = LegalActions(
    0, fold=True, call=2, call_to=2, raise_=AmountRange(4, 200), all_in_to=200
)
OPEN = LegalActions(0, fold=True, check=True, bet=AmountRange(2, 150), all_in_to=150)
CALL_ONLY = LegalActions(0, fold=True, call=50, call_to=100, all_in_to=None)
FIXED = LegalActions(0, fold=True, call=2, call_to=2, raise_=AmountRange(4, 4))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("f", Action.fold()),
        ("FOLD", Action.fold()),
        ("c", Action.call()),
        ("call", Action.call()),
        ("k", Action.check()),  # refused by the engine, with its reason
        ("x", Action.check()),
        ("a", Action.all_in()),
        ("all-in", Action.all_in()),
        ("all in", Action.all_in()),
        ("r 10", Action.raise_to(10)),
        ("r10", Action.raise_to(10)),
        ("raise to 10", Action.raise_to(10)),
        ("b 10", Action.raise_to(10)),  # b or r: whichever is legal
        ("10", Action.raise_to(10)),
        ("r 1,000", Action.raise_to(1000)),
        ("r 3", Action.raise_to(3)),  # too small: the engine says so
        ("r min", Action.raise_to(4)),
        ("r max", Action.raise_to(200)),
        ("r pot", Action.raise_to(7)),  # call 2 (the pot is then 5), raise by 5: to 7
    ],
)
def test_facing_a_bet(text, expected):
    assert read_command(text, FACING_BET, pot=3) == expected


def test_when_nothing_is_to_call_c_checks_and_r_bets():
    assert read_command("c", OPEN, pot=6) == Action.check()
    assert read_command("r 8", OPEN, pot=6) == Action.bet(8)
    assert read_command("b pot", OPEN, pot=6) == Action.bet(6)


def test_fixed_limit_needs_no_amount():
    assert read_command("r", FIXED, pot=3) == Action(ActionKind.RAISE, 4)


def test_quit_and_help():
    assert read_command("q", OPEN, pot=0) == Quit()
    assert read_command(" Quit ", OPEN, pot=0) == Quit()
    assert read_command("?", OPEN, pot=0) == Help()


@pytest.mark.parametrize(
    ("text", "legal", "says"),
    [
        ("", FACING_BET, "type your action"),
        ("zz", FACING_BET, "'zz' is not an action here"),
        ("fold now", FACING_BET, "is not an action here"),
        ("r", FACING_BET, "raise to how much? for example r 4 (from 4 to 200)"),
        ("r lots", FACING_BET, "'lots' is not an amount"),
        ("r min", CALL_ONLY, "you cannot raise now: you may fold, call 50"),
    ],
)
def test_input_that_is_no_action_is_refused_with_what_to_type(text, legal, says):
    command = read_command(text, legal, pot=3)
    assert isinstance(command, Refusal)
    assert says in command.message
