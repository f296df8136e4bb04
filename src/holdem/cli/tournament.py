"""``holdem tournament``: tournaments of bots (``sim``) through the tables and the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from holdem.cli.output import console, print_json, user_errors
from holdem.cli.tournament_options import rules_mapping, with_money_options

if TYPE_CHECKING:
    from holdem.tournament.sim import HandRecord, TournamentResult

app = typer.Typer(
    help="Tournaments: a multi-table tournament of bots.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command("sim")
@with_money_options
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
    history: Annotated[
        Path | None,
        typer.Option(
            help="Write every hand as PHH into this folder: one .phhs per table "
            "(hands numbered in the order played) and tournament.json."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    buy_in: Annotated[
        int | None, typer.Option(help="The buy-in: plays the money (pool, prizes) too.")
    ] = None,
    money: dict[str, Any] | None = None,
) -> None:
    """Play a whole tournament of bots and print the finishing order and the table moves.

    With money options (--buy-in, --rebuys, --addon, --bounty pko...) the bots also rebuy
    whenever a rebuy is open to them, take the add-on at its break, and collect bounties;
    the pool, the prizes and the bounties won are printed, every unit accounted for.
    """
    from holdem.tournament.rules import TournamentRules
    from holdem.tournament.sim import simulate_tournament

    with user_errors():
        options = {"buy_in": buy_in, **(money or {})}
        rules = None
        if any(value is not None for value in options.values()):
            rules = TournamentRules.from_mapping(rules_mapping({}, starting_chips=stack, **options))
        writer = None if history is None else TableFiles(history)
        result = simulate_tournament(
            players, stack=stack, table_size=table_size, hands_per_level=hands_per_level,
            seed=seed, bots=[name.strip() for name in bots.split(",")], on_hand=writer,
            rules=rules,
        )  # fmt: skip
        if writer is not None:
            writer.finish(result, seed=seed, stack=stack, table_size=table_size)
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
    if result.money is not None:
        _print_money(result.money)
    if writer is not None:
        console.print(
            f"every hand written as PHH to {history}: "
            f"{len(writer.written)} table files and tournament.json"
        )


def _print_money(money: dict[str, object]) -> None:
    console.print(
        f"{money['entries']} entries, {money['rebuys']} rebuys, {money['addons']} add-ons; "
        f"fees {money['fees']}, prize pool {money['pool']}"
    )
    payouts = money["payouts"]
    assert isinstance(payouts, dict)
    for name, amount in payouts.items():
        console.print(f"  {name}: {amount}")
    bounties = money["bounties"]
    assert isinstance(bounties, dict)
    if bounties:
        top = sorted(bounties.items(), key=lambda item: -item[1])[:5]
        console.print(
            f"bounties: {money['bounty_money']} in all; most won: "
            + ", ".join(f"{name} {amount}" for name, amount in top)
        )
    console.print(f"money accounted for: {'yes' if money['money_accounted'] else 'NO'}")


class TableFiles:
    """Each table's hands appended, as they are played, to ``table-NN.phhs`` in a folder.

    One file per table keeps a table's hands together in order (the button, the blinds
    and the stacks follow from one hand to the next); each hand is filed under its number
    in the whole tournament, and records its table, seats and level, so the files can
    also be merged back into the order played. ``tournament.json`` says which bot played
    each player, the levels and the finishing order.
    """

    def __init__(self, folder: Path) -> None:
        from holdem.errors import ConfigError

        if folder.exists() and not folder.is_dir():
            raise ConfigError(f"--history {folder}: is a file; give a folder")
        if any(folder.glob("table-*.phhs")) or (folder / "tournament.json").exists():
            raise ConfigError(
                f"--history {folder} holds another tournament's files: give a new folder"
            )
        self.folder = folder
        self.written: set[int] = set()

    def __call__(self, record: HandRecord) -> None:
        from holdem.history.phh import dumps_many

        text = dumps_many({record.number: record.history})
        if record.table in self.written:
            text = "\n" + text  # .phhs blocks are separated by a blank line
        self._write(f"table-{record.table:02d}.phhs", text, "a")
        self.written.add(record.table)

    def _write(self, name: str, text: str, mode: str) -> None:
        from holdem.errors import ConfigError

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with (self.folder / name).open(mode, encoding="utf-8", newline="\n") as file:
                file.write(text)
        except OSError as error:
            raise ConfigError(f"--history {self.folder}: {error.strerror}") from None

    def finish(self, result: TournamentResult, *, seed: int, stack: int, table_size: int) -> None:
        summary = {
            **result.as_json(),
            "seed": seed,
            "players": len(result.finishing_order),
            "stack": stack,
            "table_size": table_size,
            "hands_per_level": result.hands_per_level,
            "levels": [level.describe() for level in result.levels],
            "bots": result.bots,
            "files": [f"table-{table:02d}.phhs" for table in sorted(self.written)],
        }
        self._write("tournament.json", json.dumps(summary, indent=1) + "\n", "w")
