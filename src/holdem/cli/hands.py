"""``holdem hand`` and ``holdem compare``: what a hand is, and who wins a showdown."""

from __future__ import annotations

from typing import Annotated

import typer

from holdem.cards import format_cards, parse_cards
from holdem.cli.output import console, new_table, print_json, user_errors


def register(app: typer.Typer) -> None:
    app.command("hand")(hand)
    app.command("compare")(compare)


def hand(
    cards: Annotated[list[str], typer.Argument(help='5 to 7 cards, e.g. "AsKs QsJsTs2d3c".')],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Describe the best five-card hand among 5 to 7 cards."""
    from holdem.evaluator import evaluate

    with user_errors():
        value = evaluate(parse_cards(" ".join(cards)))
    best = value.best_five
    if as_json:
        print_json(
            {
                "cards": format_cards(value.cards, sep=" "),
                "description": value.describe(),
                "category": value.category.label,
                "best_five": format_cards(best, sep=" "),
                "strength": value.strength,
            }
        )
        return
    console.print(f"[bold]{value.describe()}[/bold]")
    console.print(
        f"plays {format_cards(best, pretty=True, sep=' ')}  (strength {value.strength} of 7462)"
    )


def compare(
    holes: Annotated[
        list[str], typer.Argument(help="Each player's two hole cards, e.g. AsKd AhQc.")
    ],
    board: Annotated[str, typer.Option("--board", "-b", help='The board, e.g. "Ac9d7s4h2c".')],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Show down several players' hole cards on a board: the winner and why."""
    from holdem.errors import InvalidCardsError
    from holdem.evaluator import compare as showdown

    with user_errors():
        if len(holes) < 2:
            raise InvalidCardsError(
                "a showdown needs at least two players: give each one's hole cards, e.g. "
                "holdem compare AsKd AhQc --board Ac9d7s"
            )
        result = showdown(board, *holes)
    if as_json:
        print_json(
            {
                "board": format_cards(result.board, sep=" "),
                "players": [
                    {
                        "player": i + 1,
                        "hole": format_cards(hole, sep=" "),
                        "description": value.describe(),
                        "best_five": format_cards(value.best_five, sep=" "),
                        "winner": i in result.winners,
                    }
                    for i, (hole, value) in enumerate(zip(result.holes, result.values, strict=True))
                ],
                "winners": [i + 1 for i in result.winners],  # players count from 1
                "reason": result.reason,
            }
        )
        return
    table = new_table(title=f"Board {format_cards(result.board, pretty=True, sep=' ')}")
    for column in ("player", "hole", "hand", "plays", ""):
        table.add_column(column)
    for i, (hole, value) in enumerate(zip(result.holes, result.values, strict=True)):
        won = i in result.winners
        table.add_row(
            str(i + 1),
            format_cards(hole, pretty=True, sep=" "),
            value.describe(),
            format_cards(value.best_five, pretty=True, sep=" "),
            ("[green]splits[/green]" if result.is_split else "[green]wins[/green]") if won else "",
        )
    console.print(table)
    console.print(f"[bold]{result.reason}[/bold]")
