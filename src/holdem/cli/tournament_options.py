"""The tournament options shared by ``holdem clock`` and ``holdem tournament sim``:
rebuys, add-on, re-entry, late registration, bounties, fee, guarantee and satellite.

Each option fills one key of the rules mapping (``TournamentRules.from_mapping``), on
top of the ``[tournament]`` table of a structure TOML when there is one, so that the
command line and the file say the same things the same way.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from holdem.errors import ConfigError

__all__ = [
    "AddonCostOption",
    "AddonOption",
    "BountyAmountOption",
    "BountyOption",
    "FeeOption",
    "GuaranteeOption",
    "LateRegOption",
    "RebuyChipsOption",
    "RebuyCostOption",
    "RebuyMaxOption",
    "RebuyThresholdOption",
    "RebuysOption",
    "ReentryOption",
    "SeatOption",
    "rules_mapping",
    "with_money_options",
]

F = TypeVar("F", bound=Callable[..., Any])

LEVEL = "LEVEL"
RebuysOption = Annotated[
    int | None,
    typer.Option("--rebuys", metavar=LEVEL, help="Rebuys allowed until the end of this level."),
]
RebuyCostOption = Annotated[
    int | None, typer.Option(help="What a rebuy costs (default: the buy-in).")
]
RebuyChipsOption = Annotated[
    int | None, typer.Option(help="The chips a rebuy gives (default: the starting stack).")
]
RebuyThresholdOption = Annotated[
    int | None,
    typer.Option(help="Rebuy when the stack is at or below this (default 0: busted only)."),
]
RebuyMaxOption = Annotated[
    int | None, typer.Option(help="Rebuys per player at most (default: unlimited).")
]
AddonOption = Annotated[
    int | None,
    typer.Option("--addon", metavar=LEVEL, help="One add-on each at the break after this level."),
]
AddonCostOption = Annotated[
    int | None, typer.Option(help="What the add-on costs (default: the buy-in).")
]
AddonChipsOption = Annotated[
    int | None, typer.Option(help="The chips the add-on gives (default: the starting stack).")
]
ReentryOption = Annotated[
    int | None,
    typer.Option("--reentry", metavar=LEVEL, help="Re-entry until the end of this level."),
]
LateRegOption = Annotated[
    int | None,
    typer.Option(
        "--late-reg", metavar=LEVEL, help="Late registration until the end of this level."
    ),
]
BountyOption = Annotated[
    str | None, typer.Option("--bounty", help="Bounties: fixed, pko or mystery.")
]
BountyAmountOption = Annotated[
    int | None, typer.Option(help="The bounty bought with each head (default: half the buy-in).")
]
FeeOption = Annotated[
    int | None, typer.Option(help="The house's part of every buy-in, rebuy and add-on.")
]
GuaranteeOption = Annotated[int | None, typer.Option(help="A guaranteed prize pool.")]
SeatOption = Annotated[
    int | None,
    typer.Option("--satellite-seat", help="A satellite: the pool pays seats of this value."),
]


# The options every command with a tournament's money takes, in the order --help lists them.
MONEY_OPTIONS: dict[str, Any] = {
    "rebuys": RebuysOption,
    "rebuy_cost": RebuyCostOption,
    "rebuy_chips": RebuyChipsOption,
    "rebuy_threshold": RebuyThresholdOption,
    "rebuy_max": RebuyMaxOption,
    "addon": AddonOption,
    "addon_cost": AddonCostOption,
    "addon_chips": AddonChipsOption,
    "bounty": BountyOption,
    "bounty_amount": BountyAmountOption,
    "fee": FeeOption,
    "guarantee": GuaranteeOption,
    "satellite_seat": SeatOption,
}


def with_money_options(command: F) -> F:
    """Give a typer command the ``MONEY_OPTIONS``; it receives them, those given and
    those not, as one ``money`` dict (its own parameter of that name)."""
    own = inspect.signature(command, eval_str=True)
    parameters = [p for p in own.parameters.values() if p.name != "money"]
    parameters += [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=kind)
        for name, kind in MONEY_OPTIONS.items()
    ]

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        money = {name: kwargs.pop(name, None) for name in MONEY_OPTIONS}
        return command(*args, money=money, **kwargs)

    run.__signature__ = own.replace(parameters=parameters)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in parameters}
    return run  # type: ignore[return-value]


def rules_mapping(
    base: dict[str, Any],
    *,
    buy_in: int | None = None,
    starting_chips: int | None = None,
    rebuys: int | None = None,
    rebuy_cost: int | None = None,
    rebuy_chips: int | None = None,
    rebuy_threshold: int | None = None,
    rebuy_max: int | None = None,
    addon: int | None = None,
    addon_cost: int | None = None,
    addon_chips: int | None = None,
    reentry: int | None = None,
    late_reg: int | None = None,
    bounty: str | None = None,
    bounty_amount: int | None = None,
    fee: int | None = None,
    guarantee: int | None = None,
    satellite_seat: int | None = None,
) -> dict[str, Any]:
    """``base`` (a TOML ``[tournament]`` table) with the options given laid over it."""
    data = {key: dict(value) if isinstance(value, dict) else value for key, value in base.items()}

    def put(key: str, value: object, table: str | None = None) -> None:
        if value is None:
            return
        if table is None:
            data[key] = value
        else:
            data.setdefault(table, {})[key] = value

    put("buy_in", buy_in)
    put("starting_chips", starting_chips)
    put("fee", fee)
    put("guarantee", guarantee)
    put("satellite_seat", satellite_seat)
    put("until_level", rebuys, "rebuys")
    for key, value in (("cost", rebuy_cost), ("chips", rebuy_chips),
                       ("threshold", rebuy_threshold), ("max", rebuy_max)):  # fmt: skip
        if value is not None and "rebuys" not in data:
            raise ConfigError("--rebuy-* options need --rebuys LEVEL (until when rebuys are open)")
        put(key, value, "rebuys")
    put("at_break", addon, "addon")
    for key, value in (("cost", addon_cost), ("chips", addon_chips)):
        if value is not None and "addon" not in data:
            raise ConfigError("--addon-* options need --addon LEVEL (the break it is taken at)")
        put(key, value, "addon")
    put("until_level", reentry, "reentry")
    put("until_level", late_reg, "late_registration")
    if bounty is not None:
        paid = data.get("buy_in")
        half = paid // 2 if isinstance(paid, int) else 0
        amount = bounty_amount if bounty_amount is not None else max(1, half)
        data["bounty"] = {**data.get("bounty", {}), "kind": bounty, "amount": amount}
    elif bounty_amount is not None:
        if "bounty" not in data:
            raise ConfigError("--bounty-amount needs --bounty fixed, pko or mystery")
        data["bounty"]["amount"] = bounty_amount
    return data
