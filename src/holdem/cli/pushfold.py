"""``holdem pushfold``: who should go all in, and who should call, when stacks are short."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from holdem.cli.output import NUMBERS_MAY_BE_NEGATIVE, console, print_json, user_errors

if TYPE_CHECKING:
    from holdem.solver.pushfold import Equilibrium


def register(app: typer.Typer) -> None:
    app.command("pushfold", context_settings=NUMBERS_MAY_BE_NEGATIVE)(pushfold)


def pushfold(
    stacks: Annotated[
        str,
        typer.Option(
            help="Stacks from the small blind round the table (SB, BB, first to act, ..., "
            "button), comma-separated: 10,10 heads-up, 1500,2200,900 three-handed."
        ),
    ],
    blinds: Annotated[str, typer.Option(help="Small and big blind, e.g. 0.5/1 or 50/100.")],
    ante: Annotated[float, typer.Option(help="Each player's ante.")] = 0.0,
    prizes: Annotated[
        str | None,
        typer.Option(help="Prizes from first place down (50,30,20): payoffs by ICM, not chips."),
    ] = None,
    gap: Annotated[
        float,
        typer.Option(help="3+ players: stop once no one gains more than this % of the pool."),
    ] = 0.01,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The push/fold equilibrium: each position's all-in and calling ranges (13x13 charts)."""
    from holdem.cli.odds import progress_bar
    from holdem.solver.preflop_matchups import cache_path, matchups
    from holdem.solver.pushfold import Spot, solve

    with user_errors():
        spot = Spot(
            stacks=_numbers(stacks, "--stacks"),
            small_blind=_blinds(blinds)[0],
            big_blind=_blinds(blinds)[1],
            ante=ante,
            prizes=_numbers(prizes, "--prizes") if prizes is not None else None,
        )
        if not 0 < gap < 100:
            from holdem.errors import ConfigError

            raise ConfigError(
                f"--gap {gap:g}: a share of the pool in percent, above 0 and below 100"
            )
        if not cache_path().exists():
            with progress_bar("preflop equities (once)") as progress:
                matchups(progress)
        result = solve(spot, gap=gap / 100)
    if as_json:
        print_json(to_json(result))
        return
    _print(result)


def to_json(result: Equilibrium) -> dict[str, Any]:
    """The contract: heads-up ``sb_push``, ``bb_call``, ``exploitability_bb``; always
    ``charts`` (position to situation to class to frequency) and ``gap_pct_pool``."""
    spot = result.spot
    charts = result.charts()
    out: dict[str, Any] = {}
    if spot.players == 2:
        out["sb_push"] = charts["SB"]["push"]
        out["bb_call"] = charts["BB"]["call_vs_SB"]
        out["exploitability_bb"] = float(result.gains.sum() / spot.big_blind)
    out["charts"] = charts
    out["gap_pct_pool"] = result.gap_pct_pool
    out["payoff"] = "icm" if spot.prizes is not None else "chips"
    out["positions"] = list(result.positions)
    out["values"] = {
        name: round(float(v), 6) for name, v in zip(result.positions, result.values, strict=True)
    }
    out["iterations"] = result.iterations
    out["terminals"] = [
        {"outcome": t.name, "stacks": list(t.stacks), "values": [round(v, 6) for v in t.values]}
        for t in result.terminals
    ]
    return out


def _numbers(text: str, option: str) -> tuple[float, ...]:
    from holdem.errors import ConfigError

    try:
        values = tuple(float(part) for part in text.split(","))
    except ValueError:
        values = ()
    if not values or not all(0 <= v < float("inf") for v in values):
        raise ConfigError(f"{option} {text!r}: write numbers of 0 or more separated by commas")
    return values


def _blinds(text: str) -> tuple[float, float]:
    from holdem.errors import ConfigError

    parts = text.split("/")
    try:
        small, big = (float(p) for p in parts)
    except ValueError:
        raise ConfigError(f"--blinds {text!r}: write the small and big blind as 0.5/1") from None
    return small, big


def _print(result: Equilibrium) -> None:
    from holdem.cli.odds import chart_grid

    spot = result.spot
    payoff = "ICM prize equity" if spot.prizes is not None else "chips"
    for name, chart in result.charts().items():
        for situation, strategy in chart.items():
            share = _share(strategy)
            what = "push" if situation == "push" else situation.replace("_", " ")
            console.print(f"[bold]{name}[/bold] {what}: {share:.1%} of hands")
            console.print(chart_grid(strategy))
            if mixed := _mixed(strategy):
                console.print(f"  mixed: {mixed}")
    console.print("\\[AKs] always, (AKs) some of the time, dim: fold")
    values = ", ".join(
        f"{n} {v:,.2f}" for n, v in zip(result.positions, result.values, strict=True)
    )
    console.print(f"expected {payoff}: {values}")
    if spot.players == 2:
        console.print(
            f"exact equilibrium: a best response gains at most "
            f"{result.gains.sum() / spot.big_blind:.1e} bb"
        )
    else:
        console.print(
            f"no player gains more than {result.gap_pct_pool:.4f}% of the pool by deviating "
            f"({result.iterations} rounds of fictitious play)"
        )


def _share(strategy: dict[str, float]) -> float:
    """The share of all 1,326 combinations played."""
    from holdem.odds import starting_hand

    return sum(p * len(starting_hand(label).combos) for label, p in strategy.items()) / 1326


def _mixed(strategy: dict[str, float]) -> str:
    return ", ".join(f"{label} {p:.0%}" for label, p in strategy.items() if 0 < p < 1)
