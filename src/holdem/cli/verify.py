"""``holdem verify``: check a hand's shuffle proof, and optionally its hand history."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from holdem.cli.output import console, errors, print_json

if TYPE_CHECKING:
    from holdem.fairness import VerifiedDeal


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)


def verify(
    proof_path: Annotated[
        Path, typer.Argument(metavar="PROOF.json", help="The hand's shuffle proof.")
    ],
    phh: Annotated[
        Path | None,
        typer.Option("--phh", metavar="HAND.phh", help="Also check this hand's history."),
    ] = None,
    any_order: Annotated[
        bool,
        typer.Option(
            "--any-order",
            help="With --phh: only check that the cards are revealed, not where the deal "
            "took them from (a hand with an exposed or premature card).",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Check that the deck was committed before the deal and the revealed cards match it.

    Exit status 1 if the proof does not hold (or cannot be read).
    """
    from rich.markup import escape

    from holdem.errors import HoldemError

    try:
        verified, checked = _check(proof_path, phh, dealing_order=not any_order)
    except HoldemError as error:
        if as_json:
            print_json({"verified": False, "error": str(error)})
        else:
            # The sentence may hold brackets ("fields ['x']"): not markup.
            errors.print(f"[red]not verified:[/red] {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(1) from None
    count = len(verified.cards)
    if as_json:
        print_json(
            {
                "verified": True,
                "commitment": verified.commitment,
                "revealed": [{"position": p, "card": str(c)} for p, c in verified.cards],
                "history_cards_checked": checked,
            }
        )
        return
    console.print(
        f"verified: the deck was committed before the deal; {count} cards revealed match",
        markup=False,
        soft_wrap=True,
    )
    if checked is not None:
        console.print(
            f"the hand history's {checked} board and shown cards are all among them"
            + ("" if any_order else ", where the deal took them from"),
            markup=False,
            soft_wrap=True,
        )


def _check(
    proof_path: Path, phh: Path | None, *, dealing_order: bool
) -> tuple[VerifiedDeal, int | None]:
    from holdem.fairness import ProofError, check_against_history, verify_proof
    from holdem.history import load

    try:
        text = proof_path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ProofError(f"cannot read {proof_path}: {_reason(error)}") from None
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProofError(f"{proof_path} is not JSON: {error}") from None
    verified = verify_proof(payload)
    if phh is None:
        return verified, None
    hands = load(phh)
    if len(hands) != 1:
        raise ProofError(
            f"{phh} holds {len(hands)} hands: give a file with the one hand of this proof"
        )
    return verified, check_against_history(verified, hands[0], dealing_order=dealing_order)


def _reason(error: Exception) -> str:
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, UnicodeDecodeError):
        return "it is not UTF-8 text"
    return str(error)
