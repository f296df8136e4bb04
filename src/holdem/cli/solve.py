"""``holdem solve``: solve a spot file, and ``holdem solve show``: read a solution.

holdem solve SPOT.toml [--target 0.5] [--threads N] [-o FILE] [--json]
holdem solve show FILE [--line "b120 c"] [--json]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from holdem.cli.errors import USAGE, say
from holdem.cli.output import console, errors, new_table, print_json, user_errors

if TYPE_CHECKING:
    from holdem.solver.solution import Progress as Step
    from holdem.solver.solution import Solution

RANKS = "AKQJT98765432"
# check and call green, fold blue, bets from orange to dark red, all-in darkest
_PASSIVE, _FOLD, _ALLIN = "#3a9a4a", "#3f7fd0", "#7a0f1a"
_BETS = ("#e8a23a", "#e0603a", "#c8323a", "#a01c30")


def register(app: typer.Typer) -> None:
    app.command("solve")(solve)


def solve(
    spot: Annotated[
        str,
        typer.Argument(
            metavar="SPOT.toml|show", help="SPOT.toml to solve, or 'show' then a solution FILE."
        ),
    ],
    file: Annotated[
        str | None, typer.Argument(metavar="[FILE]", help="With 'show': the .holdem-solution file.")
    ] = None,
    target: Annotated[float, typer.Option(help="Stop at this exploitability, % of the pot.")] = 0.5,
    max_iterations: Annotated[
        int, typer.Option("--max-iterations", help="Stop after this many iterations.")
    ] = 1000,
    threads: Annotated[
        int | None, typer.Option(help="Threads to use (default: every core).")
    ] = None,
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", metavar="FILE", help="Save the solution to FILE."),
    ] = None,
    line: Annotated[
        str,
        typer.Option(
            metavar="LINE", help='With show: the node, e.g. "b120 c" or "check check 7s".'
        ),
    ] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Solve a heads-up postflop spot (discounted CFR), or show a saved solution's node."""
    if spot == "show":
        if file is None:
            say("holdem solve show needs a solution FILE (see 'holdem solve --help')")
            raise typer.Exit(USAGE)
        _show(file, line, as_json)
        return
    if file is not None:
        say(f"unexpected argument {file!r}: write holdem solve SPOT.toml or holdem solve show FILE")
        raise typer.Exit(USAGE)
    if target <= 0 or max_iterations < 1 or (threads is not None and threads < 1):
        say("--target is a percentage above 0, --max-iterations and --threads at least 1")
        raise typer.Exit(USAGE)
    solution = _solve(spot, target, max_iterations, threads, as_json)
    if output is not None:
        with user_errors():
            solution.save(output)
    report = solution.report("")
    if as_json:
        print_json(report)
        return
    _print_summary(report)
    _print_frequencies(report)
    if output is not None:
        console.print(f"saved to {output}")


def _solve(
    path: str, target: float, max_iterations: int, threads: int | None, quiet: bool
) -> Solution:
    from holdem.solver.solution import Solution, memory_needed
    from holdem.solver.spot import Spot, SpotError

    try:
        spot = Spot.from_toml(path)
    except OSError as error:
        say(f"{path}: cannot be read ({error.strerror})")
        raise typer.Exit(USAGE) from None
    except SpotError as error:
        say(f"{path}: {error}")
        raise typer.Exit(USAGE) from None
    solution = Solution(spot)
    need = memory_needed(solution.game)
    if not quiet:
        errors.print(
            f"{solution.game.n_nodes:,} nodes; memory {need / 2**20:,.1f} MiB in 32-bit storage"
        )
    if quiet:
        return solution.run(target=target, max_iterations=max_iterations, thread_count=threads)
    from rich.progress import BarColumn, Progress, TextColumn

    bar = Progress(
        TextColumn("iteration {task.fields[it]:>5}"),
        BarColumn(),
        TextColumn("exploitability {task.fields[chips]:.3f} chips ({task.fields[pct]:.3f}% pot)"),
        TextColumn("{task.fields[sec]:.1f}s  {task.fields[mem]:.0f} MiB"),
        console=errors,
        transient=False,
    )
    with bar:
        task = bar.add_task(
            "solve", total=max_iterations, it=0, chips=0.0, pct=100.0, sec=0.0, mem=0.0
        )

        def show(p: Step) -> None:
            bar.update(
                task, completed=p.iteration, it=p.iteration, chips=p.exploitability,
                pct=p.pct_pot, sec=p.seconds, mem=p.memory_bytes / 2**20,
            )  # fmt: skip

        solution.run(
            target=target, max_iterations=max_iterations, thread_count=threads, progress=show
        )
    return solution


def _show(path: str, line: str, as_json: bool) -> None:
    from holdem.solver.solution import Solution

    with user_errors():
        solution = Solution.load(path)
        report = solution.report(line)
    if as_json:
        print_json(report)
        return
    _print_summary(report)
    _print_grid(report)
    _print_frequencies(report)


def _print_summary(report: dict[str, Any]) -> None:
    node = report["node"]
    e = report["exploitability"]
    console.print(
        f"{node['street']} {node['board']}  line: {node['line'] or '(root)'}  "
        f"{node['player']} to act, pot {node['pot']:g}"
    )
    console.print(
        f"exploitability {e['chips']:.3f} chips ({e['pct_pot']:.3f}% of the pot) after "
        f"{report['iterations']} iterations, {report['seconds']:.1f}s "
        f"on {report['threads']} threads"
    )
    ev, eq = report["ev"], report["equity"]
    console.print(
        f"EV oop {ev['oop']:.2f}, ip {ev['ip']:.2f}; equity oop {eq['oop']:.1%}, ip {eq['ip']:.1%}"
    )


def action_colour(action: str, actions: list[str]) -> str:
    name = action.split()[0]
    if name in ("check", "call"):
        return _PASSIVE
    if name == "fold":
        return _FOLD
    if name == "allin":
        return _ALLIN
    bets = [a for a in actions if a.split()[0] in ("bet", "raise")]
    return _BETS[min(bets.index(action), len(_BETS) - 1)]


def _print_frequencies(report: dict[str, Any]) -> None:
    node = report["node"]
    table = new_table(title=f"{node['player']} at {node['line'] or 'the root'}")
    table.add_column("action")
    table.add_column("frequency", justify="right")
    for action, freq in zip(node["actions"], node["frequencies"], strict=True):
        colour = action_colour(action, node["actions"])
        table.add_row(f"[on {colour}]  [/] {action}", f"{freq:.1%}")
    console.print(table)


def class_label(combo: str) -> str:
    hi, lo = combo[0], combo[2]
    if hi == lo:
        return hi + lo
    if RANKS.index(hi) > RANKS.index(lo):
        hi, lo = lo, hi
    return hi + lo + ("s" if combo[1] == combo[3] else "o")


def grid(report: dict[str, Any]) -> dict[str, list[float]]:
    """Each of the 169 classes in the node's range: its mix of actions, weighted by how
    often each combo is held there."""
    n = len(report["node"]["actions"])
    sums: dict[str, list[float]] = {}
    for combo, info in report["combos"].items():
        label = class_label(combo)
        row = sums.setdefault(label, [0.0] * (n + 1))
        for i, f in enumerate(info["strategy"]):
            row[i] += info["weight"] * f
        row[n] += info["weight"]
    return {k: [x / v[n] for x in v[:n]] for k, v in sums.items() if v[n] > 0}


def _print_grid(report: dict[str, Any]) -> None:
    from rich.text import Text

    actions = report["node"]["actions"]
    colours = [action_colour(a, actions) for a in actions]
    mixes = grid(report)
    width = 5
    for i, r1 in enumerate(RANKS):
        text = Text()
        for j, r2 in enumerate(RANKS):
            label = r1 + r2 if i == j else (r1 + r2 + "s" if i < j else r2 + r1 + "o")
            cell = label.ljust(width)
            mix = mixes.get(label)
            if mix is None:
                text.append(cell, style="grey50")
                continue
            edges = [sum(mix[: k + 1]) for k in range(len(mix))]
            for c, ch in enumerate(cell):  # each character takes the action at its share
                at = (c + 0.5) / width
                k = next((k for k, e in enumerate(edges) if at <= e), len(mix) - 1)
                text.append(ch, style=f"bold white on {colours[k]}")
        console.print(text)
