"""The shuffle proof: the deck was fixed before the first card, and nothing else leaks.

Before the deal the cardroom publishes one *commitment* to the whole dealing order. Each
of the 52 positions has its own leaf, the hash of the position, the card and a random
salt; the commitment is the hash of the 52 leaves. After the hand the cardroom reveals
the card and salt of each position that became public (the boards, the hands shown), and
each player privately gets those of their own hole cards. Anyone can then check that the
leaves hash to the commitment and that every revealed card matches its leaf; a leaf that
was not revealed says nothing about its card, because its salt stays secret.

Revealing the whole order would prove the same thing but give away the mucked hands and
the cards never dealt, so the order is committed card by card.

>>> import random
>>> from holdem.cards import Deck, parse_cards
>>> order = Deck.shuffled(random.Random(7)).remaining
>>> deal = ShuffleCommitment.new(order, token_bytes=random.Random(8).randbytes)
>>> proof = deal.proof(order[:3])
>>> verified = verify_proof(proof)
>>> verified.commitment == deal.commitment, len(verified.cards)
(True, 3)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from holdem.cards import ALL_CARDS, Card, Deck, ensure_distinct
from holdem.engine import events
from holdem.errors import HoldemError, InvalidCardsError

if TYPE_CHECKING:
    from holdem.engine import Hand
    from holdem.history.hand import HandHistory

__all__ = [
    "PROOF_VERSION",
    "ProofError",
    "ShuffleCommitment",
    "VerifiedDeal",
    "check_against_history",
    "public_cards",
    "verify_proof",
]

PROOF_VERSION = 1
LEAF_TAG = b"holdem-card-v1"  # a leaf hash cannot be mistaken for any other hash
SALT_BYTES = 16
DECK_SIZE = 52
_HEX = frozenset("0123456789abcdef")
_KEYS = ("version", "commitment", "leaves", "revealed")
_REVEALED_KEYS = ("position", "card", "salt")


class ProofError(HoldemError):
    """A shuffle proof that is malformed or does not prove what it claims."""


def leaf_digest(position: int, card: int, salt: bytes) -> bytes:
    """The 32-byte hash that commits ``card`` at ``position`` under ``salt``."""
    return hashlib.sha256(LEAF_TAG + bytes([position, card]) + salt).digest()


def commitment_of(leaves: Iterable[bytes]) -> str:
    """The published commitment: the hash of the 52 leaf digests, one after another."""
    return hashlib.sha256(b"".join(leaves)).hexdigest()


@dataclass(frozen=True)
class ShuffleCommitment:
    """A dealing order and its secret salts: what the cardroom keeps until the hand ends.

    ``order`` is all 52 cards, the top of the deck first; deal from ``deck()``.
    """

    order: tuple[Card, ...]
    salts: tuple[bytes, ...]

    def __post_init__(self) -> None:
        if len(self.order) != DECK_SIZE:
            raise ProofError(f"the order has {len(self.order)} cards: a deck has 52")
        try:
            ensure_distinct(self.order)
        except InvalidCardsError as error:
            raise ProofError(f"the order is not a deck: {error}") from None
        if len(self.salts) != DECK_SIZE or any(len(s) != SALT_BYTES for s in self.salts):
            raise ProofError("a commitment needs 52 salts of 16 bytes, one for each card")

    @classmethod
    def new(
        cls, order: Iterable[int], token_bytes: Callable[[int], bytes] = secrets.token_bytes
    ) -> ShuffleCommitment:
        """Commit to ``order`` with fresh salts (from the secure generator by default)."""
        return cls(
            tuple(ALL_CARDS[c] for c in order),
            tuple(token_bytes(SALT_BYTES) for _ in range(DECK_SIZE)),
        )

    def deck(self) -> Deck:
        """A deck stacked in the committed order."""
        return Deck(self.order)

    def leaves(self) -> list[str]:
        """The 52 leaves in hex, position 0 (the top card) first."""
        return [d.hex() for d in self._digests()]

    def _digests(self) -> list[bytes]:
        return [
            leaf_digest(i, card, salt)
            for i, (card, salt) in enumerate(zip(self.order, self.salts, strict=True))
        ]

    @cached_property  # 52 hashes: the cardroom shows it with every state of the hand
    def commitment(self) -> str:
        """The hex digest to publish before the deal."""
        return commitment_of(self._digests())

    def proof(self, revealed: Iterable[int]) -> dict[str, Any]:
        """The proof that opens only ``revealed`` cards, ready for ``json.dumps``."""
        wanted = set()
        for code in revealed:
            if not 0 <= code < DECK_SIZE:
                raise ProofError(f"{code!r} is not a card code: codes are 0..51")
            wanted.add(ALL_CARDS[code])
        return {
            "version": PROOF_VERSION,
            "commitment": self.commitment,
            "leaves": self.leaves(),
            "revealed": [
                {"position": i, "card": str(card), "salt": self.salts[i].hex()}
                for i, card in enumerate(self.order)
                if card in wanted
            ],
        }

    def private_proof(self, cards: Iterable[int]) -> dict[str, Any]:
        """The proof for one player's own hole cards: give it to that player alone."""
        return self.proof(cards)


@dataclass(frozen=True)
class VerifiedDeal:
    """What a valid proof establishes: the commitment and the revealed cards by position."""

    commitment: str
    cards: tuple[tuple[int, Card], ...]  # (position in the dealing order, card), by position

    @property
    def by_position(self) -> dict[int, Card]:
        return dict(self.cards)

    @property
    def revealed(self) -> frozenset[Card]:
        return frozenset(card for _, card in self.cards)


def verify_proof(proof: object) -> VerifiedDeal:
    """Check a proof (parsed JSON); raise ``ProofError`` saying what is wrong."""
    if not isinstance(proof, Mapping):
        raise ProofError(
            "a shuffle proof is a JSON object with version, commitment, leaves and revealed"
        )
    for key in _KEYS:
        if key not in proof:
            raise ProofError(f"the proof has no {key!r}: a proof has {', '.join(_KEYS)}")
    unknown = sorted(str(k) for k in proof if k not in _KEYS)
    if unknown:
        raise ProofError(f"the proof has unknown fields {unknown}: a proof has {', '.join(_KEYS)}")
    version = proof["version"]
    if type(version) is not int or version != PROOF_VERSION:
        raise ProofError(
            f"proof version {version!r} is not supported: this holdem verifies version 1"
        )
    commitment = _hex(proof["commitment"], 32, "the commitment")
    leaves = proof["leaves"]
    if not isinstance(leaves, list):
        raise ProofError("'leaves' is not a list: it lists the 52 leaves in hex")
    if len(leaves) != DECK_SIZE:
        raise ProofError(f"the proof has {len(leaves)} leaves: a deck has 52, one per card")
    digests = [_hex(leaf, 32, f"leaf {i}") for i, leaf in enumerate(leaves)]
    if commitment_of(digests) != commitment.hex():
        raise ProofError(
            "the leaves do not hash to the commitment: the deck's leaves are not the ones "
            "committed to before the deal"
        )
    revealed = proof["revealed"]
    if not isinstance(revealed, list):
        raise ProofError("'revealed' is not a list: it lists {position, card, salt} objects")
    cards: dict[int, Card] = {}
    seen: set[Card] = set()
    for index, item in enumerate(revealed):
        position, card, salt = _revealed_item(item, index)
        if position in cards:
            raise ProofError(f"position {position} is revealed twice: each position once")
        if card in seen:
            raise ProofError(f"{card} is revealed twice: each card is in the deck once")
        if leaf_digest(position, card, salt) != digests[position]:
            raise ProofError(_mismatch(position, card, salt, digests[position]))
        cards[position] = card
        seen.add(card)
    return VerifiedDeal(commitment.hex(), tuple(sorted(cards.items())))


def _hex(value: object, size: int, what: str) -> bytes:
    digits = 2 * size
    if not isinstance(value, str) or len(value) != digits or not set(value) <= _HEX:
        raise ProofError(f"{what} is not {digits} lower-case hexadecimal digits: got {value!r}")
    return bytes.fromhex(value)


def _revealed_item(item: object, index: int) -> tuple[int, Card, bytes]:
    where = f"revealed[{index}]"
    if not isinstance(item, Mapping) or set(item) != set(_REVEALED_KEYS):
        raise ProofError(f"{where} is not an object with exactly position, card and salt")
    position = item["position"]
    if type(position) is not int or not 0 <= position < DECK_SIZE:
        raise ProofError(f"{where}: position {position!r} is not a whole number from 0 to 51")
    text = item["card"]
    card = next((c for c in ALL_CARDS if str(c) == text), None)
    if card is None:
        raise ProofError(f"{where}: {text!r} is not a card: write a rank then a suit, like As")
    salt = _hex(item["salt"], SALT_BYTES, f"{where}: the salt")
    return position, card, salt


def _mismatch(position: int, card: Card, salt: bytes, leaf: bytes) -> str:
    # The salt is already public here, so naming the card it does commit to leaks nothing.
    committed = next((c for c in ALL_CARDS if leaf_digest(position, c, salt) == leaf), None)
    if committed is not None:
        return (
            f"the card at position {position} is revealed as {card} but its leaf commits "
            f"to {committed}: the card was changed after the commitment"
        )
    return (
        f"the salt of position {position} ({card}) does not match its leaf: the salt or the "
        "card was changed after the commitment"
    )


def public_cards(hand: Hand) -> list[Card]:
    """Every card of a hand that everyone saw: the boards, hands shown or turned up, and
    cards exposed by accident (R39-R41). These are what ``proof`` may reveal."""
    seen: dict[Card, None] = {}  # ordered and without repeats
    for event in hand.events:
        if isinstance(event, events.BoardDealt | events.CardsShown):
            seen.update(dict.fromkeys(event.cards))
        elif isinstance(event, events.HandsExposed):
            for _, cards in event.hands:
                seen.update(dict.fromkeys(cards))
        elif isinstance(event, events.CardExposed):
            seen[event.card] = None
    return list(seen)


def check_against_history(
    verified: VerifiedDeal, hand: HandHistory, *, dealing_order: bool = True
) -> int:
    """Check that the board and shown cards of a PHH hand are among the revealed cards.

    Every card is somewhere in any deck, so with ``dealing_order`` (the default) each card
    must also sit where the deal takes it from: one card to each player twice round from
    ``p1`` (R2), then a burn before each street (R3). Turn it off for a hand where a card
    was exposed or dealt too soon (R39-R41), which moves the later cards. Returns how many
    cards were checked; raises ``ProofError`` naming the first card that fails.
    """
    from holdem.history.actions import Cards, DealBoard, DealHole, ShowMuck

    where = {card: position for position, card in verified.cards}
    players = hand.player_count
    streets = 2 * players + 1  # the first flop card, after the hole cards and a burn
    board_positions = [streets, streets + 1, streets + 2, streets + 4, streets + 6]
    dealt: dict[int, Cards] = {}
    checked: list[tuple[str, Card, set[int]]] = []  # what, card, positions the deal allows
    board = 0
    for action in hand.actions:
        if isinstance(action, DealHole):
            dealt[action.player] = action.cards
        elif isinstance(action, DealBoard):
            for card in action.cards:
                expected = {board_positions[board]} if board < len(board_positions) else set()
                board += 1
                if card is not None:
                    checked.append(("board card", card, expected))
        elif isinstance(action, ShowMuck) and not action.mucked:
            # ``sm -`` shows the cards dealt to that player, written earlier in the hand.
            shown = action.cards if action.cards is not None else dealt.get(action.player, ())
            expected = {action.player, players + action.player}
            checked += [("shown card", c, expected) for c in shown if c is not None]
    for what, card, expected in checked:
        if card not in where:
            raise ProofError(
                f"the hand's {what} {card} is not among the cards this proof reveals: the "
                "proof and the hand history are not of the same deal"
            )
        if dealing_order and where[card] not in expected:
            allowed = " or ".join(str(p) for p in sorted(expected)) or "none"
            raise ProofError(
                f"the hand's {what} {card} is at position {where[card]} of the committed "
                f"order, but a {players}-player deal takes it from position {allowed}: the "
                "cards were not dealt in the committed order"
            )
    return len(checked)
