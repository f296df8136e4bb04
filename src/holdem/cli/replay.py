"""``holdem replay``: replay PHH hand histories and check the recorded finishing stacks."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Annotated

import typer

from holdem.cli.errors import say
from holdem.cli.output import settle_heap


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)


def replay(
    paths: Annotated[
        list[Path], typer.Argument(help=".phh and .phhs files or folders (recursive).")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per hand and line.")
    ] = False,
    max_depth: Annotated[
        int | None,
        typer.Option(
            "--max-depth",
            help="Walk at most this many levels of a folder (1: only its own files).",
        ),
    ] = None,
    no_recursive: Annotated[
        bool,
        typer.Option("--no-recursive", help="Only the files directly in a folder named."),
    ] = False,
) -> None:
    """Replay hand histories through the rules engine; exit status 1 if any hand fails."""
    from holdem.history.phh import find_files
    from holdem.history.replay import json_line, replay_paths
    from holdem.numba_cache import without_blas_probe

    depth = _depth(max_depth, no_recursive)
    try:
        files = find_files(paths, max_depth=depth)
    except FileNotFoundError as error:
        say(str(error))
        raise typer.Exit(2) from None
    # Said before the first hand, so a folder that holds more than meant can be stopped.
    typer.echo(f"{_count(len(files), 'file')} of hands found; replaying", err=True)

    settle_heap(young=10_000)
    counts = {"match": 0, "mismatch": 0, "unchecked": 0, "error": 0}
    raked: list[Decimal | int] = []  # the rake inferred of each hand that records one
    try:
        with without_blas_probe():
            # A first run compiles the replay kernel: say so rather than sit silent.
            for result in replay_paths(files, notice=_notice):
                if result.rake is not None:
                    raked.append(result.amount(result.rake))
                kind = (
                    "error" if result.error is not None
                    else {True: "match", False: "mismatch", None: "unchecked"}[result.match]
                )  # fmt: skip
                counts[kind] += 1
                if as_json:
                    typer.echo(json_line(result.as_json()))
                elif kind != "match":  # plain text: a file's name is never read as markup
                    typer.echo(f"{typer.style(kind, fg='yellow')} {_located(result)}")
    except FileNotFoundError as error:
        say(str(error))
        raise typer.Exit(2) from None
    if not as_json:
        total = sum(counts.values())
        typer.echo(
            f"{total} hands: {counts['match']} match, {counts['mismatch']} do not, "
            f"{counts['unchecked']} without finishing stacks, "
            f"{counts['error']} could not be replayed"
        )
        if raked:
            typer.echo(
                f"rake inferred from the recorded winnings and rake: {_amount(sum(raked))} "
                f"in {len(raked)} hands"
            )
    if counts["mismatch"] or counts["error"]:
        raise typer.Exit(1)


def _depth(max_depth: int | None, no_recursive: bool) -> int | None:
    """How deep to walk a folder: --no-recursive is --max-depth 1."""
    if max_depth is not None and max_depth < 1:
        say(f"--max-depth {max_depth}: give 1 (a folder's own files) or more")
        raise typer.Exit(2)
    if no_recursive:
        if max_depth not in (None, 1):
            say(f"--no-recursive is --max-depth 1: give one or the other, not {max_depth}")
            raise typer.Exit(2)
        return 1
    return max_depth


def _notice(text: str) -> None:
    typer.echo(text, err=True)


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _located(result: object) -> str:
    """Where the hand is, then what is wrong with it (a file's reading error names the
    file and hand itself)."""
    from holdem.history.replay import Replay

    assert isinstance(result, Replay)
    detail = _detail(result)
    if result.error is not None and detail.startswith(result.file):
        return detail
    where = result.file + (f" [{result.index}]" if result.index is not None else "")
    return f"{where}: {detail}"


def _detail(result: object) -> str:
    from holdem.history.replay import Replay

    assert isinstance(result, Replay)
    if result.error is not None:
        return result.error
    ours = _amounts(result.amounts(result.finishing_stacks))
    if result.match is None:
        return f"finishing stacks {ours} (none recorded)"
    stacks = f"ours {ours}, recorded {_amounts(result.amounts(result.expected))}"
    if result.expected is None:
        stacks = f"finishing stacks {ours}"
    return stacks if result.reason is None else f"{result.reason}; {stacks}"


def _amounts(amounts: list[Decimal | int] | None) -> str:
    return "[" + ", ".join(_amount(a) for a in amounts or ()) + "]"


def _amount(amount: Decimal | int) -> str:
    return format(amount, "f") if isinstance(amount, Decimal) else str(amount)
