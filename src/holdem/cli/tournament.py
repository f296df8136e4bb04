"""``holdem tournament``: tournaments of bots (``sim``) through the tables and the engine."""

from __future__ import annotations

from typing import Annotated

import typer

from holdem.cli.output import console, print_json, user_errors

app = typer.Typer(
    help="Tournaments: a multi-table tournament of bots.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command("sim")
def sim(
    players: Annotated[int, typer.Option("--players", "-p", help="Players (2 or more).")] = 27,
    seed: Annotated[int, typer.Option(help="Seed of the seat draw, the decks and the bots.")] = 0,
    stack: Annotated[int, typer.Option(help="Everyone's starting stack.")] = 1500,
    table_size: Annotated[int, typer.Option(help="Seats per table (9 or 10; 2-10).")] = 9,
    hands_per_level: Annotated[
        int, typer.Option(help="Hands each table plays per blind level.")
    ] = 10,
    bots: Annotated[
        str, typer.Option(help="Bot names, comma-separated, dealt to the players in turn.")
    ] = "tag,caller,random",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play a whole tournament of bots and print the finishing order and the table moves."""
    from holdem.tournament.sim import simulate_tournament

    with user_errors():
        result = simulate_tournament(
            players, stack=stack, table_size=table_size, hands_per_level=hands_per_level,
            seed=seed, bots=[name.strip() for name in bots.split(",")],
        )  # fmt: skip
    if as_json:
        print_json(result.as_json())
        return
    console.print(
        f"{players} players, {stack} chips each, tables of {table_size}, "
        f"{hands_per_level} hands per level"
    )
    console.print("levels: " + ", ".join(level.describe() for level in result.levels))
    console.print(f"{result.hands} hands, {len(result.moves)} table moves")
    for move in result.moves:
        console.print(f"  {move.describe()}")
    console.print("finishing order:")
    for place, player in enumerate(result.finishing_order, start=1):
        console.print(f"  {place:>3}. {player} ({result.bots[player]})")
    console.print(f"chips conserved: {'yes' if result.chips_conserved else 'NO'}")
