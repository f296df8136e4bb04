"""PokerStars hands checked by the compiled kernel give the very record ``Hand`` gives.

Each hand is converted both ways, through the kernel (``pokerstars_kernel``) and played
through ``Hand`` (``_Importer.run``); where the kernel vouches for a hand the two records
are equal, and a hand with something wrong in its text is left to ``Hand``, which words
it. Each test also counts the hands the kernel took, so that a kernel refusing
everything could not pass.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from holdem.errors import HoldemError
from holdem.history.pokerstars_export import pokerstars_of_history
from holdem.history.pokerstars_import import _Importer
from holdem.history.pokerstars_kernel import through_kernel
from holdem.history.pokerstars_lines import iter_raw_hands_text
from holdem.history.pokerstars_read import StarsError, StarsHand, read_hand
from holdem.history.record import history_of
from holdem.kernels import replay as kernel_replay
from tests.history.stars_support import DATA
from tests.history.test_fast_replay import random_play
from tests.kernels.test_play_vs_hand import random_config, random_deck


@pytest.fixture(autouse=True)
def kernel_loaded() -> None:
    """The kernel, loaded (built ahead of time, or numba's): the fast path needs one."""
    assert kernel_replay.replay_kernel() is not None


def stars_hands(text: str) -> list[StarsHand]:
    return [read_hand(raw.lines, raw.first_line) for raw in iter_raw_hands_text(text)]


def both_ways(stars: StarsHand) -> tuple[object, object]:
    """(the kernel's record or None, ``Hand``'s record or its StarsError)."""
    fast = through_kernel(_Importer(stars))
    try:
        slow: object = _Importer(stars).run()
    except StarsError as error:
        slow = error
    return fast, slow


def random_texts(count: int, seed: int) -> list[str]:
    """PokerStars text of hands of random legal play of every structure PokerStars has."""
    rng = random.Random(seed)
    texts: list[str] = []
    while len(texts) < count:
        config = random_config(rng)
        if config.bomb_pot or config.run_count != 1 or not rng.random() < 0.9:
            continue
        hand = random_play(config, random_deck(rng, config.player_count), rng)
        try:
            texts.append(pokerstars_of_history(history_of(hand), number=len(texts) + 1))
        except HoldemError:
            continue  # a hand PokerStars cannot say (a kind of ante it does not have)
    return texts


def test_random_hands_give_the_same_record_both_ways() -> None:
    fast_count = 0
    for text in random_texts(400, seed=21):
        for stars in stars_hands(text):
            fast, slow = both_ways(stars)
            if fast is not None:
                assert fast == slow, text
                fast_count += 1
    assert fast_count >= 300


_SHOWS = re.compile(r"^(.+): shows \[[^]]*\].*$", re.MULTILINE)


def test_hands_mucked_at_the_showdown_give_the_same_record_both_ways() -> None:
    """As PokerStars writes a loser's hand: "mucks hand", at an all-in too (where the rules
    keep it face up) or where it would have won (where it gives up the pot)."""
    rng = random.Random(8)
    fast_count = mucked_count = 0
    for text in random_texts(400, seed=33):
        mucked = _SHOWS.sub(
            lambda show: f"{show[1]}: mucks hand" if rng.random() < 0.5 else show[0], text
        )
        if mucked == text:
            continue
        mucked_count += 1
        for stars in stars_hands(mucked):
            fast, slow = both_ways(stars)
            if fast is not None:
                assert fast == slow, mucked
                fast_count += 1
    assert mucked_count >= 80 and fast_count >= 0.6 * mucked_count


@pytest.mark.parametrize("path", sorted(DATA.glob("*.txt")), ids=lambda p: p.stem)
def test_every_test_file_hand_gives_the_same_record_both_ways(path: Path) -> None:
    for stars in stars_hands(path.read_text(encoding="utf-8")):
        fast, slow = both_ways(stars)
        assert fast is None or fast == slow, stars.number


_AMOUNT = re.compile(r"(?:calls |collected |Uncalled bet \()(\d+)")


def spoilt(text: str, rng: random.Random) -> str | None:
    """The text with the amount of one call, return or collection changed by a chip."""
    found = list(_AMOUNT.finditer(text))
    if not found:
        return None
    amount = rng.choice(found)
    changed = str(int(amount.group(1)) + rng.choice([-1, 1]))
    return text[: amount.start(1)] + changed + text[amount.end(1) :]


def test_a_hand_whose_text_does_not_add_up_is_left_to_hand() -> None:
    rng = random.Random(4)
    refused = 0
    for text in random_texts(200, seed=9):
        bad = spoilt(text, rng)
        if bad is None:
            continue
        try:
            [stars] = stars_hands(bad)
        except StarsError:
            continue  # (the reader refuses it already)
        fast, slow = both_ways(stars)
        if isinstance(slow, StarsError):
            refused += 1
            assert fast is None, bad
        else:
            assert fast is None or fast == slow, bad
    assert refused >= 100


def test_many_hands_are_checked_by_one_call_of_the_kernel_and_each_gets_its_own_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from holdem.history import pokerstars_kernel
    from holdem.history.pokerstars_import import histories_of_stars, history_of_stars

    calls: list[int] = []
    replay = pokerstars_kernel.replay_scripts

    def counted(scripts, kernel):  # type: ignore[no-untyped-def]
        calls.append(len(scripts))
        return replay(scripts, kernel)

    monkeypatch.setattr(pokerstars_kernel, "replay_scripts", counted)
    hands = [stars for text in random_texts(60, seed=5) for stars in stars_hands(text)]
    spoilt = stars_hands(random_texts(1, seed=6)[0].replace("calls", "calls 1", 1))
    hands[10:10] = spoilt  # one with a bad call among them: an error in its place
    together = histories_of_stars(hands)
    assert len(calls) == 1 and calls[0] >= 40
    for stars, history in zip(hands, together, strict=True):
        try:
            alone: object = history_of_stars(stars)
        except HoldemError as error:
            alone = error
        assert history == alone or str(history) == str(alone)
    assert len(spoilt) == 1 and isinstance(together[10], HoldemError)
