"""``holdem convert``: PokerStars text to PHH and back, many files in, one file out."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from enum import StrEnum
from pathlib import Path
from typing import Annotated, TextIO

import typer

from holdem.cli.errors import say
from holdem.cli.output import settle_heap


class Format(StrEnum):
    PHH = "phh"
    POKERSTARS = "pokerstars"


def register(app: typer.Typer) -> None:
    app.command("convert")(convert)


def convert(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="PokerStars hand-history text, or .phh/.phhs files; folders are walked.",
            metavar="FILE...",
            show_default=False,
        ),
    ],
    to: Annotated[Format, typer.Option("--to", help="The format to write: phh or pokerstars.")],
    output: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--output",
            help="The file to write (default, or -: standard output); a .phh holds one hand.",
        ),
    ] = None,
) -> None:
    """Convert hand histories between PokerStars text and PHH.

    A hand that cannot be read is reported on stderr (file:line: reason) and the rest
    still convert; the exit status is 1 if any hand failed.
    """
    from holdem.history.convert import convert_paths, input_files

    settle_heap(young=10_000)
    if output is not None and str(output) == "-":
        output = None  # standard output, as "-" means to most commands
    try:
        input_files(paths)  # every input exists before anything is written
    except FileNotFoundError as error:
        say(f"{error.filename}: no such file or folder")
        raise typer.Exit(2) from None
    if output is not None and output.resolve() in {p.resolve() for p in input_files(paths)}:
        say(f"{output}: the output would overwrite an input; choose another -o")
        raise typer.Exit(2)
    with ExitStack() as stack:
        out: TextIO = sys.stdout
        if output is not None:
            try:
                out = stack.enter_context(open(output, "w", encoding="utf-8", newline="\n"))
            except OSError as error:
                say(f"{output}: cannot be written: {error.strerror}")
                raise typer.Exit(2) from None
        written = failed = 0
        single = output is not None and output.suffix == ".phh"
        for result in convert_paths(paths, to.value, out, single=single):
            if result.error is not None:
                failed += 1
                say(f"{result.where}: {result.error}")
            else:
                written += 1
    if output is not None:
        print(f"{written} hands written to {output}, {failed} failed", file=sys.stderr)
    if failed:
        raise typer.Exit(1)
