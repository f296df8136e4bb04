"""The shuffle proof: commit to the order, reveal only public cards, catch any tampering."""

import copy
import hashlib
import json
import random
import re

import pytest

from holdem.cards import ALL_CARDS, Deck, parse_cards
from holdem.engine import Action
from holdem.fairness import (
    ProofError,
    ShuffleCommitment,
    VerifiedDeal,
    check_against_history,
    public_cards,
    verify_proof,
)
from holdem.history import loads
from holdem.history.phh import dumps
from holdem.history.record import history_of
from holdem.table import Table, TableSettings


def committed(seed: int = 1) -> ShuffleCommitment:
    rng = random.Random(seed)
    return ShuffleCommitment.new(Deck.shuffled(rng).remaining, token_bytes=rng.randbytes)


def test_the_scheme_as_specified():
    deal = committed()
    position, card, salt = 5, deal.order[5], deal.salts[5]
    leaf = hashlib.sha256(b"holdem-card-v1" + bytes([position, card]) + salt).hexdigest()
    assert deal.leaves()[5] == leaf
    root = hashlib.sha256(b"".join(bytes.fromhex(x) for x in deal.leaves())).hexdigest()
    assert deal.commitment == root
    assert len(deal.salts) == 52 and all(len(s) == 16 for s in deal.salts)


def test_new_salts_come_from_the_secure_generator_by_default():
    order = list(ALL_CARDS)
    first, second = ShuffleCommitment.new(order), ShuffleCommitment.new(order)
    assert first.salts != second.salts
    assert first.commitment != second.commitment  # the same order, unlinkable commitments


def test_the_commitment_deals_its_own_order():
    deal = committed()
    deck = deal.deck()
    assert deck.deal(52) == list(deal.order)


def test_a_proof_reveals_only_the_given_cards_sorted_by_position():
    deal = committed()
    board = [deal.order[40], deal.order[9], deal.order[30]]
    proof = deal.proof(board)
    assert proof["version"] == 1
    assert proof["commitment"] == deal.commitment
    assert proof["leaves"] == deal.leaves()
    assert [r["position"] for r in proof["revealed"]] == [9, 30, 40]
    assert [r["card"] for r in proof["revealed"]] == [str(deal.order[i]) for i in (9, 30, 40)]
    json.dumps(proof)  # JSON-ready as it is
    verified = verify_proof(proof)
    assert verified == VerifiedDeal(deal.commitment, tuple((i, deal.order[i]) for i in (9, 30, 40)))
    assert verified.by_position == {9: deal.order[9], 30: deal.order[30], 40: deal.order[40]}


def test_a_proof_never_contains_the_salt_of_an_unrevealed_card():
    deal = committed()
    shown = set(deal.order[:7])
    text = json.dumps(deal.proof(shown))
    for position, (card, salt) in enumerate(zip(deal.order, deal.salts, strict=True)):
        assert (salt.hex() in text) == (card in shown), position
    private = json.dumps(deal.private_proof(deal.order[:2]))
    assert all(salt.hex() not in private for salt in deal.salts[2:])
    assert verify_proof(json.loads(private)).revealed == frozenset(deal.order[:2])


def test_1000_random_orders_round_trip():
    rng = random.Random(2024)
    for _ in range(1000):
        deal = ShuffleCommitment.new(Deck.shuffled(rng).remaining, token_bytes=rng.randbytes)
        cards = rng.sample(deal.order, rng.randint(0, 9))
        proof = json.loads(json.dumps(deal.proof(cards)))
        verified = verify_proof(proof)
        assert verified.commitment == deal.commitment
        assert verified.revealed == frozenset(cards)
        assert all(deal.order[p] == c for p, c in verified.cards)


# -- tampering ------------------------------------------------------------------------------


@pytest.fixture
def proof():
    deal = committed(7)
    return deal.proof([deal.order[i] for i in (3, 10, 20)])


def flip(hex_text: str) -> str:
    return ("0" if hex_text[0] != "0" else "1") + hex_text[1:]


def refused(proof, match: str) -> None:
    with pytest.raises(ProofError, match=match):
        verify_proof(proof)


def test_a_changed_leaf_is_caught(proof):
    proof["leaves"][40] = flip(proof["leaves"][40])
    refused(proof, "^the leaves do not hash to the commitment")


def test_a_changed_commitment_is_caught(proof):
    proof["commitment"] = flip(proof["commitment"])
    refused(proof, "^the leaves do not hash to the commitment")


def test_a_changed_card_is_caught(proof):
    real = proof["revealed"][1]["card"]
    other = "2c" if real != "2c" else "3c"
    proof["revealed"][1]["card"] = other
    refused(
        proof,
        f"^the card at position 10 is revealed as {other} but its leaf commits to {real}: "
        "the card was changed after the commitment$",
    )


def test_a_changed_salt_is_caught(proof):
    proof["revealed"][0]["salt"] = flip(proof["revealed"][0]["salt"])
    refused(proof, r"^the salt of position 3 \(\w\w\) does not match its leaf")


def test_a_card_moved_to_another_position_is_caught(proof):
    proof["revealed"][2]["position"] = 21
    refused(proof, "^the salt of position 21 .* does not match its leaf")


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda p: p.update(version=2), "proof version 2 is not supported"),
        (lambda p: p.update(version=True), "proof version True is not supported"),
        (lambda p: p["leaves"].pop(), "the proof has 51 leaves: a deck has 52"),
        (lambda p: p.update(leaves="abc"), "'leaves' is not a list"),
        (lambda p: p["leaves"].__setitem__(4, "xyz"), "leaf 4 is not 64 lower-case hexadecimal"),
        (lambda p: p.update(commitment="ABC"), "the commitment is not 64 lower-case hex"),
        (lambda p: p.pop("revealed"), "the proof has no 'revealed'"),
        (lambda p: p.update(extra=1), r"unknown fields \['extra'\]"),
        (lambda p: p.update(revealed={}), "'revealed' is not a list"),
        (lambda p: p["revealed"].append([]), r"revealed\[3\] is not an object"),
        (lambda p: p["revealed"][0].update(position=52), "position 52 is not a whole number"),
        (lambda p: p["revealed"][0].update(position="3"), "position '3' is not a whole number"),
        (lambda p: p["revealed"][0].update(card="1x"), "'1x' is not a card"),
        (lambda p: p["revealed"][0].update(salt="00"), "the salt is not 32 lower-case"),
        (lambda p: p["revealed"].append(dict(p["revealed"][0])), "position 3 is revealed twice"),
    ],
)
def test_malformed_proofs_are_refused_with_a_sentence(proof, change, match):
    change(proof)
    refused(proof, match)


def test_a_duplicated_card_is_refused(proof):
    twin = copy.deepcopy(proof["revealed"][0])
    twin["position"] = 44
    proof["revealed"].append(twin)
    refused(proof, rf"^{twin['card']} is revealed twice")


def test_not_an_object():
    with pytest.raises(ProofError, match="a shuffle proof is a JSON object"):
        verify_proof([1, 2])


def test_a_commitment_needs_a_whole_deck():
    with pytest.raises(ProofError, match="the order has 51 cards"):
        ShuffleCommitment.new(ALL_CARDS[:51])
    with pytest.raises(ProofError, match="the order is not a deck: Ah appears twice"):
        ShuffleCommitment.new([*ALL_CARDS[:51], parse_cards("Ah")[0]])
    with pytest.raises(ProofError, match="52 salts of 16 bytes"):
        ShuffleCommitment(tuple(ALL_CARDS), (b"x",) * 52)


# -- a real hand ---------------------------------------------------------------------------


def played_hand(deal: ShuffleCommitment):
    t = Table(TableSettings(seats=6), rng=random.Random(0))
    for seat, name in ((0, "Ana"), (2, "Ben"), (4, "Cleo")):
        t.sit(seat, name, 100)
    hand = t.start_hand(deal.deck())
    while not hand.is_over:  # Ben folds, the others check it down
        seat = t.seat_to_act
        legal = hand.legal_actions()
        action = Action.fold() if seat == 2 else Action.call() if legal.call else Action.check()
        t.act(seat, action)
    return hand


def test_a_hand_reveals_its_public_cards_and_they_match_its_history():
    deal = committed(3)
    hand = played_hand(deal)
    public = public_cards(hand)
    assert set(hand.board) <= set(public)
    folded_hole = hand.holes[0]  # Ben, position 0, folded: his cards stay secret
    assert not set(folded_hole) & set(public)
    verified = verify_proof(deal.proof(public))
    history = loads(dumps(history_of(hand)))[0]
    assert check_against_history(verified, history) == len(public)


def test_a_history_with_a_card_the_proof_does_not_reveal_is_refused():
    deal = committed(3)
    hand = played_hand(deal)
    board_only = deal.proof(hand.board)
    history = history_of(hand)
    shown = [e for e in hand.events if type(e).__name__ == "CardsShown"]
    first_shown = shown[0].cards[0]
    with pytest.raises(
        ProofError,
        match=f"^the hand's shown card {first_shown} is not among the cards this proof reveals",
    ):
        check_against_history(verify_proof(board_only), history)
    other = committed(4)
    with pytest.raises(ProofError, match="the hand's board card"):
        check_against_history(verify_proof(other.proof(other.order[:3])), history)


def test_shown_dealt_cards_are_checked_too():
    deal = committed(3)
    hand = played_hand(deal)
    text = dumps(history_of(hand))
    # Rewrite each show as ``sm -`` (show the cards dealt), as some PHH files do.
    text = re.sub(r"'(p\d) sm [^'-]+'", r"'\1 sm -'", text)
    assert "sm -" in text
    history = loads(text)[0]
    with pytest.raises(ProofError, match="the hand's shown card"):
        check_against_history(verify_proof(deal.proof(hand.board)), history)
    assert check_against_history(verify_proof(deal.proof(public_cards(hand))), history) > 5


def test_cards_dealt_out_of_the_committed_order_are_caught():
    deal = committed(3)
    # The same 52 cards, but the room deals from another order (the first two swapped):
    # every card is still in the commitment, only its place gives the swap away.
    swapped = ShuffleCommitment((deal.order[1], deal.order[0], *deal.order[2:]), deal.salts)
    hand = played_hand(swapped)
    history = history_of(hand)
    verified = verify_proof(deal.proof(public_cards(hand)))
    with pytest.raises(
        ProofError,
        match=r"^the hand's shown card \w\w is at position [01] of the committed order, but a "
        r"3-player deal takes it from position [01] or [34]: the cards were not dealt in the "
        "committed order$",
    ):
        check_against_history(verified, history)
    count = len(public_cards(hand))
    assert check_against_history(verified, history, dealing_order=False) == count


def test_a_board_dealt_from_the_wrong_place_is_caught():
    deal = committed(3)
    order = list(deal.order)
    order[7], order[8] = order[8], order[7]  # the first flop card and the next
    hand = played_hand(ShuffleCommitment(tuple(order), deal.salts))
    verified = verify_proof(deal.proof(public_cards(hand)))
    with pytest.raises(
        ProofError, match=r"board card \w\w is at position 8 .* takes it from position 7:"
    ):
        check_against_history(verified, history_of(hand))
