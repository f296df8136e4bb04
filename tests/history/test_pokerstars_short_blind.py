"""A blind posted all-in for less than the blind: PokerStars makes the others call the full
big blind (R8, ``HandConfig.full_blind_to_call``), and the record replays to its chips."""

import json
import subprocess
import sys
from pathlib import Path

from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig
from holdem.history import dumps, loads
from holdem.history.pokerstars_export import pokerstars_of_history
from holdem.history.pokerstars_import import _Importer
from holdem.history.pokerstars_kernel import through_kernel
from holdem.history.pokerstars_lines import iter_raw_hands_text
from holdem.history.pokerstars_read import read_hand
from holdem.history.record import history_of
from holdem.history.replay import replay
from holdem.history.scripted import script_of
from holdem.kernels.replay import compile_stakes
from tests.history.stars_support import assert_replays_to_collected, from_text, pot_shares

HOLDEM = str(Path(sys.executable).with_name("holdem"))

# Blinds 100/200, antes 25: Tam has 130 chips, antes 25 and is all-in for a big blind of
# 105. Olek calls the full 200, Bix raises to 600 (the big blind is the bet: +400), the
# rest fold or call; on the flop Bix is all-in and called. Main pot 5 x 25 + 4 x 105 (the
# antes, the blinds matched up to Tam's 105, Wren's folded small blind), side pot 2 x 1370.
SHORT_BIG_BLIND = """\
PokerStars Hand #230000000001: Tournament #3200000000, $5+$0.50 USD Hold'em No Limit - \
Level X (100/200) - 2022/03/04 20:10:00 ET
Table '3200000000 2' 9-max Seat #5 is the button
Seat 1: Wren (5000 in chips)
Seat 2: Tam (130 in chips)
Seat 3: Olek (3000 in chips)
Seat 4: Bix (1500 in chips)
Seat 5: Sunny (4000 in chips)
Wren: posts the ante 25
Tam: posts the ante 25
Olek: posts the ante 25
Bix: posts the ante 25
Sunny: posts the ante 25
Wren: posts small blind 100
Tam: posts big blind 105 and is all-in
*** HOLE CARDS ***
Olek: calls 200
Bix: raises 400 to 600
Sunny: folds
Wren: folds
Olek: calls 400
*** FLOP *** [7c 8h 2s]
Olek: checks
Bix: bets 875 and is all-in
Olek: calls 875
*** TURN *** [7c 8h 2s] [4d]
*** RIVER *** [7c 8h 2s 4d] [9c]
*** SHOW DOWN ***
Olek: shows [Qd Jd] (high card Queen)
Bix: shows [Kc Ks] (a pair of Kings)
Tam: shows [Ah Ad] (a pair of Aces)
Bix collected 2740 from side pot
Tam collected 540 from main pot
*** SUMMARY ***
Total pot 3280 Main pot 540. Side pot 2740. | Rake 0
Board [7c 8h 2s 4d 9c]
Seat 1: Wren (small blind) folded before Flop
Seat 2: Tam (big blind) showed [Ah Ad] and won (540) with a pair of Aces
Seat 3: Olek showed [Qd Jd] and lost with high card Queen
Seat 4: Bix showed [Kc Ks] and won (2740) with a pair of Kings
Seat 5: Sunny (button) folded before Flop
"""

# Blinds 100/200: Pell's small blind is all-in for 60. The others play on above it: main
# pot 4 x 60 (Pell's), side pot 3 x 140, and Ivo's uncalled bet goes back.
SHORT_SMALL_BLIND = """\
PokerStars Hand #230000000002: Tournament #3200000000, $5+$0.50 USD Hold'em No Limit - \
Level X (100/200) - 2022/03/04 20:12:00 ET
Table '3200000000 2' 9-max Seat #4 is the button
Seat 1: Pell (60 in chips)
Seat 2: Rho (2500 in chips)
Seat 3: Ivo (2000 in chips)
Seat 4: Mae (2000 in chips)
Pell: posts small blind 60 and is all-in
Rho: posts big blind 200
*** HOLE CARDS ***
Ivo: calls 200
Mae: calls 200
Rho: checks
*** FLOP *** [Tc 5h 3d]
Rho: checks
Ivo: bets 400
Mae: folds
Rho: folds
Uncalled bet (400) returned to Ivo
*** TURN *** [Tc 5h 3d] [Ks]
*** RIVER *** [Tc 5h 3d Ks] [6c]
*** SHOW DOWN ***
Pell: shows [Jh Jc] (a pair of Jacks)
Ivo: shows [9s 9h] (a pair of Nines)
Ivo collected 420 from side pot
Pell collected 240 from main pot
*** SUMMARY ***
Total pot 660 Main pot 240. Side pot 420. | Rake 0
Board [Tc 5h 3d Ks 6c]
Seat 1: Pell (small blind) showed [Jh Jc] and won (240) with a pair of Jacks
Seat 2: Rho (big blind) folded on the Flop
Seat 3: Ivo showed [9s 9h] and won (420) with a pair of Nines
Seat 4: Mae (button) folded on the Flop
"""


def test_r8_a_big_blind_all_in_short_is_called_in_full_and_replays_to_the_collected_chips():
    hand = from_text(SHORT_BIG_BLIND)
    assert hand.players == ("Wren", "Tam", "Olek", "Bix", "Sunny")
    assert hand.blinds_or_straddles == (100, 200, 0, 0, 0)  # the blind due; Tam posts 105
    assert hand.extra["_holdem_rules"]["full_blind_to_call"] is True
    assert pot_shares(hand) == [0, 540, 0, 2740, 0] == list(hand.winnings or ())
    assert_replays_to_collected(hand)
    again = replay(loads(dumps(hand))[0])  # the rule is read back from the file
    assert again.match is True, again.error or again.reason
    assert again.collected == (0, 540, 0, 2740, 0)
    text = pokerstars_of_history(hand)  # written back as text: the same post, the same call
    assert "Tam: posts big blind 105 and is all-in\n" in text and "Olek: calls 200\n" in text
    assert from_text(text).actions == hand.actions


def test_r8_a_big_blind_all_in_short_goes_through_hand_not_the_kernel():
    [raw] = list(iter_raw_hands_text(SHORT_BIG_BLIND))
    importer = _Importer(read_hand(raw.lines, raw.first_line))
    assert importer.config().full_blind_to_call
    assert compile_stakes(importer.config()) is None
    assert through_kernel(importer) is None
    assert script_of(from_text(SHORT_BIG_BLIND)) is None  # nor does its PHH replay there


def test_r8_a_small_blind_all_in_short_replays_to_the_collected_chips():
    hand = from_text(SHORT_SMALL_BLIND)
    assert hand.blinds_or_straddles == (60, 200, 0, 0)
    assert not hand.extra["_holdem_rules"]["full_blind_to_call"]  # the big blind is the bet
    assert pot_shares(hand) == [240, 0, 420, 0] == list(hand.winnings or ())
    assert_replays_to_collected(hand)


def test_text_of_a_hand_that_called_the_short_big_blind_reads_back_so():
    # Played by PokerKit's reading (the call is the 105 posted), written out as text: the
    # text calls 105, so it is read back without the rule, to the same hand.
    config = HandConfig.create("nl", [1000, 105, 1000], small_blind=100, big_blind=200)
    played = Hand(config, Deck())
    played.act(Action.call())
    played.act(Action.fold())
    history = history_of(played, players=("a1", "b2", "c3"))
    text = pokerstars_of_history(history)
    assert "c3: calls 105\n" in text
    back = from_text(text)
    assert not back.extra["_holdem_rules"]["full_blind_to_call"]
    assert back.actions == history.actions and back.finishing_stacks == played.final_stacks


def test_the_converted_hands_replay_with_the_command(tmp_path: Path):
    source = tmp_path / "short.txt"
    source.write_text(SHORT_BIG_BLIND + "\n\n\n" + SHORT_SMALL_BLIND)
    target = tmp_path / "short.phhs"
    converted = subprocess.run(
        [HOLDEM, "convert", str(source), "--to", "phh", "-o", str(target)],
        capture_output=True,
        text=True,
    )
    assert converted.returncode == 0, converted.stdout + converted.stderr
    done = subprocess.run([HOLDEM, "replay", "--json", str(target)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert [line["collected"] for line in lines] == [[0, 540, 0, 2740, 0], [240, 0, 420, 0]]
