"""``holdem verify`` run as a person would: a good proof, a tampered one, a history."""

import json
import random

from holdem.cards import Deck
from holdem.engine import Action
from holdem.fairness import ShuffleCommitment, public_cards
from holdem.history.phh import dumps
from holdem.history.record import history_of
from holdem.table import Table, TableSettings
from tests.console import run


def a_hand(tmp_path):
    """A hand played from a committed deck: its public proof and its PHH file."""
    rng = random.Random(11)
    deal = ShuffleCommitment.new(Deck.shuffled(rng).remaining, token_bytes=rng.randbytes)
    t = Table(TableSettings(seats=6), rng=random.Random(0))
    for seat, name in ((0, "Ana"), (2, "Ben"), (4, "Cleo")):
        t.sit(seat, name, 100)
    hand = t.start_hand(deal.deck())
    while not hand.is_over:
        legal = hand.legal_actions()
        t.act(t.seat_to_act, Action.call() if legal.call else Action.check())
    proof = tmp_path / "proof.json"
    proof.write_text(json.dumps(deal.proof(public_cards(hand))))
    phh = tmp_path / "hand.phh"
    phh.write_text(dumps(history_of(hand)))
    return deal, hand, proof, phh


def test_a_good_proof_is_verified(tmp_path):
    _, hand, proof, phh = a_hand(tmp_path)
    count = len(public_cards(hand))
    result = run("verify", str(proof))
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"verified: the deck was committed before the deal; {count} cards revealed match\n"
    )
    result = run("verify", str(proof), "--phh", str(phh))
    assert result.returncode == 0, result.stderr
    assert (
        f"the hand history's {count} board and shown cards are all among them, where the deal "
        "took them from"
    ) in result.stdout


def test_json_output(tmp_path):
    deal, hand, proof, phh = a_hand(tmp_path)
    result = run("verify", str(proof), "--phh", str(phh), "--json")
    assert result.returncode == 0
    payload = json.loads(result.stdout)
    assert payload["verified"] is True
    assert payload["commitment"] == deal.commitment
    cards = {(r["position"], r["card"]) for r in payload["revealed"]}
    assert cards == {(deal.order.index(c), str(c)) for c in public_cards(hand)}
    assert payload["history_cards_checked"] == len(cards)


def test_a_tampered_proof_exits_1_with_the_reason(tmp_path):
    _, _, proof, _ = a_hand(tmp_path)
    payload = json.loads(proof.read_text())
    payload["leaves"][0] = "0" * 64
    proof.write_text(json.dumps(payload))
    result = run("verify", str(proof))
    assert result.returncode == 1
    assert "the leaves do not hash to the commitment" in result.stderr
    assert "verified:" not in result.stdout
    as_json = json.loads(run("verify", str(proof), "--json").stdout)
    assert as_json["verified"] is False
    assert as_json["error"].startswith("the leaves do not hash to the commitment")


def test_a_history_of_another_deal_is_refused(tmp_path):
    _, _, _, phh = a_hand(tmp_path)
    rng = random.Random(99)
    other = ShuffleCommitment.new(Deck.shuffled(rng).remaining, token_bytes=rng.randbytes)
    proof = tmp_path / "other.json"
    proof.write_text(json.dumps(other.proof(other.order[:5])))
    result = run("verify", str(proof), "--phh", str(phh))
    assert result.returncode == 1
    assert "is not among the cards this proof reveals" in result.stderr


def test_unreadable_files_exit_1(tmp_path):
    result = run("verify", str(tmp_path / "missing.json"))
    assert result.returncode == 1
    assert "missing.json: no such file" in result.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = run("verify", str(bad))
    assert result.returncode == 1
    assert "bad.json is not JSON" in result.stderr
    _, _, proof, _ = a_hand(tmp_path)
    result = run("verify", str(proof), "--phh", str(tmp_path / "none.phh"))
    assert result.returncode == 1
    assert "none.phh: cannot be read" in result.stderr


def test_brackets_in_the_reason_are_printed_as_they_are(tmp_path):
    _, _, proof, _ = a_hand(tmp_path)
    payload = json.loads(proof.read_text())
    payload["extra"] = 1
    proof.write_text(json.dumps(payload))
    result = run("verify", str(proof))
    assert result.returncode == 1
    assert "the proof has unknown fields ['extra']" in result.stderr


def test_a_deal_out_of_the_committed_order_fails_unless_any_order(tmp_path):
    deal, _, _, phh = a_hand(tmp_path)
    order = list(deal.order)
    order[7], order[8] = order[8], order[7]  # the room dealt the flop from the wrong place
    liar = ShuffleCommitment(tuple(order), deal.salts)
    t = Table(TableSettings(seats=6), rng=random.Random(0))
    for seat, name in ((0, "Ana"), (2, "Ben"), (4, "Cleo")):
        t.sit(seat, name, 100)
    dealt = t.start_hand(liar.deck())
    while not dealt.is_over:
        legal = dealt.legal_actions()
        t.act(t.seat_to_act, Action.call() if legal.call else Action.check())
    phh.write_text(dumps(history_of(dealt)))
    proof = tmp_path / "proof.json"
    proof.write_text(json.dumps(deal.proof(public_cards(dealt))))
    result = run("verify", str(proof), "--phh", str(phh))
    assert result.returncode == 1
    assert "the cards were not dealt in the committed order" in result.stderr
    result = run("verify", str(proof), "--phh", str(phh), "--any-order")
    assert result.returncode == 0, result.stderr
    assert "are all among them\n" in result.stdout
