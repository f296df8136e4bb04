"""``holdem chips``, ``structure``, ``payouts`` and ``icm``: planning a tournament (R44, R45)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from holdem.cli.output import (
    NUMBERS_MAY_BE_NEGATIVE,
    console,
    errors,
    new_table,
    print_json,
    user_errors,
)

if TYPE_CHECKING:
    from holdem.tournament.structure import Structure


def register(app: typer.Typer) -> None:
    app.command("chips")(chips)
    app.command("structure")(structure)
    app.command("payouts")(payouts_table)
    app.command("icm", context_settings=NUMBERS_MAY_BE_NEGATIVE)(icm_equity)


def _parse_chip_set(text: str) -> tuple[int, ...]:
    from holdem.errors import ConfigError

    parts = [p.strip() for p in text.split(",")]
    if not parts or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise ConfigError(f"--set {text!r}: write chip values separated by commas, e.g. 25,100,500")
    return tuple(int(p) for p in parts)


def chips(
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 8,
    stack: Annotated[int, typer.Option(help="Starting stack of every player.")] = 5000,
    chip_set: Annotated[
        str, typer.Option("--set", help="Chip values, comma-separated.")
    ] = "25,100,500,1000",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Each player's starting chips, the totals and the chip case to buy."""
    from holdem.tournament.chips import SEATS_PER_TABLE, distribute, tables_for

    with user_errors():
        plan = distribute(players, stack, _parse_chip_set(chip_set))
    if as_json:
        print_json(plan.as_json())
        return
    table = new_table(title=f"{stack:,} chips for each of {players} players")
    for column in ("chip", "per player", "value", "all players"):
        table.add_column(column, justify="right")
    for value, count in plan.per_player.items():
        table.add_row(f"{value:,}", f"{count:,}", f"{value * count:,}", f"{count * players:,}")
    table.add_row("total", f"{plan.chips_per_player:,}", f"{stack:,}", f"{plan.total_chips:,}")
    console.print(table)
    case = f"a {plan.case}-chip case" if plan.case else "more than one 1,000-chip case"
    console.print(
        f"{plan.chips_per_player:,} chips per player, {plan.total_chips:,} in all: {case}"
        " (room for the bank's colour-ups and spares)"
    )
    tables = tables_for(players)
    if tables > 1:
        more = "a second table" if tables == 2 else f"{tables} tables"
        console.print(
            f"{players:,} players are more than one table of {SEATS_PER_TABLE}: "
            f"the guide opens {more} (R44)."
        )


def structure(
    preset: Annotated[str | None, typer.Option(help="A named structure, e.g. home.")] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Generate for this many players.")
    ] = None,
    stack: Annotated[int | None, typer.Option(help="Starting stack (with --players).")] = None,
    hours: Annotated[float | None, typer.Option(help="Planned length (with --players).")] = None,
    level_minutes: Annotated[
        int | None,
        typer.Option(help="Minutes per level (with --players; 20, shorter for short plans)."),
    ] = None,
    chip_set: Annotated[
        str, typer.Option("--set", help="Chip values, comma-separated (with --players).")
    ] = "25,100,500,1000",
    as_toml: Annotated[bool, typer.Option("--toml", help="Print the structure as TOML.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The blind levels and breaks of a tournament: a preset, or one generated for a game."""
    from holdem.errors import ConfigError
    from holdem.tournament.generator import generate
    from holdem.tournament.structure import preset as named
    from holdem.tournament.structure_toml import to_toml

    with user_errors():
        generating = players is not None or stack is not None or hours is not None
        if preset is not None and generating:
            raise ConfigError("give --preset or --players/--stack/--hours, not both")
        if generating:
            if players is None:
                raise ConfigError("--stack and --hours need --players")
            result = generate(
                players,
                5000 if stack is None else stack,
                _parse_chip_set(chip_set),
                3.0 if hours is None else hours,
                level_minutes,
            )
        else:
            result = named(preset or "home")
    planned = None if hours is None or not generating else round(hours * 60)
    if as_json:
        print_json(result.as_json())
        return
    if as_toml:
        typer.echo(to_toml(result), nl=False)
        return
    _print_table(result)
    if planned is not None and result.minutes < planned * 0.9:
        errors.print(
            f"note: the blinds reach their last level ({_length(result.minutes)}) before the "
            f"{_length(planned)} planned; longer levels (--level-minutes) fill the time",
            soft_wrap=True,
        )


def _length(minutes: int) -> str:
    return f"{minutes // 60}h{minutes % 60:02d}"


def _print_table(structure: Structure) -> None:
    from holdem.tournament.structure import Break

    table = new_table(title=f"{structure.name}: {structure.starting_stack:,} chips each")
    for column in ("level", "starts", "blinds", "ante", "minutes"):
        table.add_column(column, justify="right")
    elapsed = 0
    number = 0
    for item in structure.levels:
        starts = f"{elapsed // 60}:{elapsed % 60:02d}"
        if isinstance(item, Break):
            note = "break"
            if item.color_up:
                note += ": colour up the " + ", ".join(f"{c:,}s" for c in item.color_up)
            table.add_row("", starts, note, "", str(item.minutes))
        else:
            number += 1
            ante = ""
            if item.ante:
                ante = f"{item.ante:,}" + (" (big blind)" if item.big_blind_ante else "")
            blinds = f"{item.small_blind:,}/{item.big_blind:,}"
            table.add_row(str(number), starts, blinds, ante, str(item.minutes))
        elapsed += item.minutes
    console.print(table)
    console.print(f"{_length(structure.minutes)} scheduled")


def payouts_table(
    entrants: Annotated[int, typer.Option(help="Players who bought in (re-entries count).")],
    buy_in: Annotated[int, typer.Option(help="Buy-in per entrant, all of it to the pool.")],
    places: Annotated[
        int | None,
        typer.Option(help="Places to pay (default: the table's row for the field; 15% past 100)."),
    ] = None,
    unit: Annotated[int, typer.Option(help="Round each prize down to a multiple of this.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """The prize of each paid place: the payout table's shares of the pool, rounded."""
    from holdem.errors import ConfigError
    from holdem.tournament.payouts import (
        DEFAULT_PAYOUT_TABLE,
        MAX_ENTRANTS,
        graded_percentages,
        payout_percentages,
        prizes_of,
    )

    with user_errors():
        if not 2 <= entrants <= MAX_ENTRANTS:
            raise ConfigError(f"--entrants {entrants}: plan a field of 2 to {MAX_ENTRANTS:,}")
        if buy_in < 0:
            raise ConfigError(f"--buy-in {buy_in}: must be 0 or more")
        if places is None:
            shares = payout_percentages(entrants)
        else:
            if not 1 <= places <= entrants:
                raise ConfigError(f"--places {places}: pay 1 to {entrants} places")
            # the table's row that pays that many places, else shares graded for the field
            listed = [row for _, row in DEFAULT_PAYOUT_TABLE if len(row) == places]
            shares = tuple(listed[0]) if listed else graded_percentages(entrants, places)
        pool = entrants * buy_in
        prizes = prizes_of(pool, shares, unit)
    rows = [
        {"place": place, "percent": share, "prize": prize}
        for place, (share, prize) in enumerate(zip(shares, prizes, strict=True), start=1)
    ]
    if as_json:
        print_json(
            {"entrants": entrants, "buy_in": buy_in, "prize_pool": pool, "unit": unit,
             "places": rows}
        )  # fmt: skip
        return
    console.print(f"{entrants} entrants × {buy_in:,}: a prize pool of {pool:,}")
    table = new_table()
    for column in ("place", "share", "prize"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(str(row["place"]), f"{row['percent']:g}%", f"{row['prize']:,}")
    console.print(table)
    rounding = f"rounded down to {unit:,}, what is left over to first place" if unit > 1 else ""
    console.print(f"{len(rows)} places paid" + (f"; prizes {rounding}" if rounding else ""))


def _parse_number(text: str, what: str) -> int | float:
    from holdem.errors import ConfigError

    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value >= 0 or value == float("inf"):
        raise ConfigError(f"{what} {text!r}: write a number of 0 or more, e.g. 500")
    return int(value) if value.is_integer() and "." not in text else value


def icm_equity(
    stacks: Annotated[list[str], typer.Argument(help="Each player's chips, e.g. 5000 3000 2000.")],
    prizes: Annotated[
        str, typer.Option(help="Prizes from first place down, comma-separated: 500,300,200.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Each stack's prize equity by the Independent Chip Model (Malmuth-Harville)."""
    from holdem.errors import ConfigError
    from holdem.tournament.icm import icm

    with user_errors():
        chips = []
        for text in stacks:
            if not text.isdigit():
                raise ConfigError(
                    f"stack {text!r}: a stack is a whole number of chips, 0 or more, e.g. 5000"
                )
            chips.append(int(text))
        amounts = [_parse_number(p.strip(), "prize") for p in prizes.split(",")]
        equity = icm(chips, amounts)
    rounded = [round(value, 2) for value in equity]
    if as_json:
        print_json({"stacks": chips, "prizes": amounts, "equity": rounded})
        return
    total_chips = sum(chips)
    total_prizes = sum(amounts)
    console.print(f"{total_chips:,} chips in play, {total_prizes:,} in prizes")
    table = new_table()
    for column in ("player", "stack", "chips", "equity", "of prizes"):
        table.add_column(column, justify="right")
    for number, (stack, value) in enumerate(zip(chips, equity, strict=True), start=1):
        table.add_row(
            str(number),
            f"{stack:,}",
            f"{100 * stack / total_chips:.1f}%",
            f"{value:,.2f}",
            f"{100 * value / total_prizes:.1f}%" if total_prizes else "-",
        )
    console.print(table)
