"""``holdem odds``, ``outs``, ``potodds`` and ``range``: the questions players ask."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from holdem.cards import format_cards
from holdem.cli.output import (
    NUMBERS_MAY_BE_NEGATIVE,
    console,
    errors,
    new_table,
    print_json,
    user_errors,
)

if TYPE_CHECKING:
    from rich.table import Table

    from holdem.odds import EquityResult, Range

Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Board = Annotated[str | None, typer.Option("--board", "-b", help='Board cards, e.g. "Qh7h2c".')]
Dead = Annotated[str | None, typer.Option("--dead", "-d", help="Cards out of play.")]


def register(app: typer.Typer) -> None:
    app.command("odds")(odds)
    app.command("outs")(outs)
    app.command("potodds", context_settings=NUMBERS_MAY_BE_NEGATIVE)(potodds)
    app.command("range")(show_range)
    app.command("starting")(starting)


def odds(
    players: Annotated[
        list[str],
        typer.Argument(help='2 to 10 hands or ranges: AsAh KsKh, "QQ+,AKs", random.'),
    ],
    board: Board = None,
    dead: Dead = None,
    trials: Annotated[
        int | None, typer.Option("--trials", "-n", help="Monte Carlo trials to run.")
    ] = None,
    precision: Annotated[
        float | None,
        typer.Option(help="Monte Carlo: stop once every 95% interval is within +/- this."),
    ] = None,
    exact: Annotated[
        bool | None,
        typer.Option("--exact/--monte-carlo", help="Enumerate every board, or sample them."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed the sampler, to repeat a result.")] = None,
    as_json: Json = False,
) -> None:
    """Each player's equity, wins and ties: exact when that is quick, else Monte Carlo."""
    import random

    from holdem.odds import equity

    with user_errors(), progress_bar("equity") as progress:
        result = equity(
            players,
            board=board,
            dead=dead,
            exact=exact,
            trials=trials,
            precision=precision,
            rng=random.Random(seed) if seed is not None else None,
            progress=progress,
        )
    if as_json:
        print_json(result.to_dict())
        return
    _print_equity(result, board)


def _print_equity(result: EquityResult, board: str | None) -> None:
    from holdem.cards import parse_cards

    title = (
        f"Board {format_cards(parse_cards(board), pretty=True, sep=' ')}" if board else "Preflop"
    )
    table = new_table(title=title)
    for column in ("player", "hand", "equity", "win", "tie"):
        table.add_column(column, justify="left" if column in ("player", "hand") else "right")
    best = max(result.equities)
    for i, player in enumerate(result.players):
        equity_text = f"{player.equity:.2%}"
        if not result.exact:
            equity_text += f" ± {player.interval:.2%}"
        if player.equity == best:
            equity_text = f"[bold green]{equity_text}[/bold green]"
        table.add_row(
            str(i + 1), _pretty(player.hand), equity_text, f"{player.win:.2%}", f"{player.tie:.2%}"
        )
    console.print(table)
    if result.exact:
        console.print(f"exact: every one of {result.boards:,} boards")
    else:
        console.print(f"Monte Carlo: {result.trials:,} trials, ± is a 95% confidence interval")


def _pretty(hand: str) -> str:
    """Cards with suit symbols when the text is one hand; a range as written."""
    from holdem.cards import parse_cards
    from holdem.errors import ParseError

    try:
        return format_cards(parse_cards(hand), pretty=True)
    except ParseError:
        return hand


def outs(
    hand: Annotated[str, typer.Argument(help="Your two hole cards, e.g. AhKh.")],
    board: Annotated[str, typer.Option("--board", "-b", help="The flop or turn, e.g. Qh7h2c.")],
    vs: Annotated[str, typer.Option("--vs", help='The opponent\'s hand or range ("QQ+").')],
    dead: Dead = None,
    as_json: Json = False,
) -> None:
    """The cards that make your hand win or tie, beside the rule of 2 and 4."""
    from holdem.odds import outs as count_outs

    with user_errors():
        result = count_outs(hand, board, vs, dead)
    mine = result.equity.players[0]
    if as_json:
        print_json(
            {
                "hand": format_cards(result.hand),
                "board": format_cards(result.board),
                "vs": result.opponent,
                "status": result.status,
                "outs": [str(c) for c in result.outs],
                "ties": [str(c) for c in result.ties],
                "unseen": result.unseen,
                "to_come": result.to_come,
                "rule_estimate": result.rule_estimate,
                "hit_chance": result.hit_chance,
                "equity": mine.equity,
                "win": mine.win,
                "tie": mine.tie,
            }
        )
        return
    rule = "4" if result.to_come == 2 else "2"
    console.print(
        f"{format_cards(result.hand, pretty=True)} on {format_cards(result.board, pretty=True)}"
        f" against {_pretty(result.opponent)}: [bold]{result.status}[/bold] now"
    )
    shown = format_cards(result.outs, pretty=True, sep=" ") or "none"
    console.print(f"[green]{len(result.outs)} outs[/green] of {result.unseen} unseen: {shown}")
    if result.ties:
        console.print(
            f"[yellow]{len(result.ties)} cards tie[/yellow]: "
            + format_cards(result.ties, pretty=True, sep=" ")
        )
    table = new_table(show_header=False)
    shortcut = f"{len(result.outs)} x {rule}% = {len(result.outs) * int(rule)}%"
    if len(result.outs) * int(rule) > 100:
        shortcut += ", read as 100%: the rule is for a few outs"
    table.add_row(f"rule of {rule}", shortcut)
    table.add_row("exact chance of an out", f"{result.hit_chance:.1%}")
    table.add_row(
        "equity by the river", f"{mine.equity:.1%} (win {mine.win:.1%}, tie {mine.tie:.1%})"
    )
    console.print(table)


def potodds(
    pot: Annotated[int, typer.Argument(help="The pot before the bet you face.")],
    call: Annotated[int, typer.Argument(help="The bet you must call.")],
    equity: Annotated[
        str | None, typer.Option("--equity", "-e", help="Your equity (0.2 or 20%), for the EV.")
    ] = None,
    as_json: Json = False,
) -> None:
    """Pot odds, the break-even equity of a call and, given an equity, its expected value."""
    from holdem.odds import OddsError, pot_odds

    with user_errors():
        odds = pot_odds(pot, call)
        share = _share(equity) if equity is not None else None
        ev = odds.ev(share) if share is not None else None
        if share is not None and not 0 <= share <= 1:
            raise OddsError(f"equity is a share from 0 to 1 (or 0% to 100%), not {equity}")
    if as_json:
        print_json(
            {
                "pot": pot,
                "call": call,
                "final_pot": odds.final_pot,
                "ratio": odds.ratio,
                "break_even": odds.break_even,
                "equity": share,
                "ev": ev,
            }
        )
        return
    console.print(
        f"Calling {call:,} into {pot:,}: the pot will be {odds.final_pot:,}, pot odds {odds.ratio}"
    )
    console.print(f"break-even equity: [bold]{odds.break_even:.1%}[/bold]")
    if share is not None and ev is not None:
        verdict = "[green]call[/green]" if ev > 0 else "[red]fold[/red]" if ev < 0 else "either"
        console.print(f"at {share:.1%} equity a call is worth {ev:+,.1f} chips: {verdict}")


def _share(text: str) -> float:
    from holdem.odds import OddsError

    try:
        return float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise OddsError(f"{text!r} is not an equity: write 0.2 or 20%") from None


def show_range(
    text: Annotated[str, typer.Argument(help='A range, e.g. "QQ+,AKs,A5s-A2s".')],
    board: Board = None,
    dead: Dead = None,
    as_json: Json = False,
) -> None:
    """The range on the 13x13 chart, with its combinations (card removal applied)."""
    from holdem.odds import STARTING_HANDS, parse_range

    with user_errors():
        full = parse_range(text)
        removed = f"{board or ''} {dead or ''}"
        held = full.without(removed)
    shares = held.classes()
    if as_json:
        print_json(
            {
                "range": full.text,
                "combos": len(held),
                "weight": held.weight(),
                "share": held.weight() / 1326,
                "classes": {h.label: round(shares[h], 6) for h in STARTING_HANDS if shares[h]},
            }
        )
        return
    console.print(_grid(held))
    console.print("[AKs] in the range, (AKs) in part (some combinations removed or weighted)")
    console.print(
        f"{len(held):,} combinations (weighted {held.weight():g}), "
        f"{held.weight() / 1326:.1%} of 1,326"
        + (f"; {len(full) - len(held)} removed by known cards" if len(held) < len(full) else "")
    )


def starting(
    precision: Annotated[
        float, typer.Option(help="Half-width of each equity's 95% interval.")
    ] = 0.001,
    as_json: Json = False,
) -> None:
    """The 169 starting hands: combinations, group (R48), equity against a random hand."""
    from holdem.odds import STARTING_HANDS, frequencies, group_of
    from holdem.odds.vs_random import equity_vs_random

    with user_errors(), progress_bar("equity against a random hand") as progress:
        if not 0 < precision < 1:
            from holdem.odds import OddsError

            raise OddsError(
                f"precision is a half-width between 0 and 1, like 0.001, not {precision}"
            )
        table = equity_vs_random(precision, progress=progress)
    hands = sorted(STARTING_HANDS, key=lambda h: -table[h.label].equity)
    if as_json:
        print_json(
            [
                {
                    "hand": h.label,
                    "kind": h.kind,
                    "combos": len(h.combos),
                    "group": group_of(h).label,
                    "equity": table[h.label].equity,
                }
                for h in hands
            ]
        )
        return
    chart = new_table(title="Starting hands against one random hand")
    for column in ("", "hand", "combos", "group", "equity"):
        chart.add_column(column, justify="right" if column in ("", "combos", "equity") else "left")
    for rank, h in enumerate(hands, 1):
        chart.add_row(
            str(rank),
            h.label,
            str(len(h.combos)),
            group_of(h).label,
            f"{table[h.label].equity:.1%}",
        )
    console.print(chart)
    f = frequencies()
    console.print(
        f"{f.combinations:,} combinations in {f.classes} classes: a pocket pair 1 in "
        f"{float(1 / f.pair):g}, aces 1 in {float(1 / f.aces):g}, "
        f"suited 1 in {float(1 / f.suited):g}",
        soft_wrap=True,
    )


def _grid(held: Range) -> Table:
    from holdem.odds import STARTING_HANDS

    shares = held.classes()
    return chart_grid({hand.label: shares[hand] for hand in STARTING_HANDS})


def chart_grid(shares: Mapping[str, float]) -> Table:
    """The 13x13 chart of a share per class ("AKs": 1.0), pairs on the diagonal and
    suited hands above it, as books print it."""
    from holdem.odds import starting_hand

    table = new_table(show_header=False, show_lines=False, box=None, padding=(0, 1, 0, 0))
    cells: list[list[str]] = [[""] * 13 for _ in range(13)]
    # Marked in text as well as in colour, so a file or a colour-blind reader sees it too.
    for label, share in shares.items():
        r, c = starting_hand(label).grid
        if share >= 0.999:
            mark = f"\\[{label}]".ljust(6)
            cells[r][c] = f"[bold black on green]{mark}[/bold black on green]"
        elif share > 0:
            cells[r][c] = f"[black on yellow]{f'({label})':<5}[/black on yellow]"
        else:
            cells[r][c] = f"[dim] {label:<4}[/dim]"
    for row in cells:
        table.add_row(*row)
    return table


COMPILING = "compiling the fast kernels: the first run takes a few seconds more, later ones none"


def kernels_cached() -> bool:
    """Whether numba has compiled the odds kernels (exact or Monte Carlo) before."""
    from holdem.numba_cache import compiled_before
    from holdem.odds import exact, montecarlo

    return compiled_before(exact.enumerate_deals) or compiled_before(montecarlo.SAMPLER)


@contextmanager
def progress_bar(label: str, delay: float = 1.0) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr that appears only once the work has taken ``delay`` seconds.

    It is drawn from a thread of its own, so it moves while a kernel runs (they release
    the GIL); a first compilation of the kernels (no progress yet when it appears) is
    said in words.
    """
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn(f"[bold]{label}[/bold]"),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeElapsedColumn(),
        console=errors,
        transient=True,
    )
    task = bar.add_task(label, total=None)
    lock = threading.Lock()
    shown = False

    started = False

    def show() -> None:
        nonlocal shown
        with lock:
            if not finished:
                if not started and not kernels_cached():  # a first run, compiling
                    errors.print(COMPILING, soft_wrap=True)
                bar.start()
                shown = True

    def update(done: int, total: int) -> None:
        nonlocal started
        started = True
        bar.update(task, completed=done, total=total)

    finished = False
    timer = threading.Timer(delay, show)
    timer.daemon = True
    timer.start()
    try:
        yield update
    finally:
        timer.cancel()
        with lock:
            finished = True
            if shown:
                bar.stop()
