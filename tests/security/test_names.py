"""A name shows what it is: no invisible or control characters, no blank name, and no
name that passes for another (letter case, look-alike letters) at a table or in a
tournament's field. Chat lines and table names are held to the same characters.

Each refusal is checked over the wire, against a real cardroom, with nothing changed.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from holdem.table.names import TextError, chat_text, player_name, same_name
from tests.security.test_strict_fields import options_refused
from tests.server.client import Cardroom, Json, Player

CYRILLIC_A = "\u0410"  # А, drawn as a Latin A
# Each name with the code point its refusal names (None: a blank name).
HIDDEN_NAMES = [
    ("A\u200bna", "U+200B"),  # zero-width space
    ("\u202eanA", "U+202E"),  # right-to-left override
    ("An\u200da", "U+200D"),  # zero-width joiner
    ("\ufeffAna", "U+FEFF"),  # byte order mark
    ("Ana\u2066", "U+2066"),  # left-to-right isolate
    ("A\x00na", "U+0000"),
    ("A\x1bna", "U+001B"),
    ("Ana\u2028Ben", "U+2028"),  # line separator
    ("Ana\ue000", "U+E000"),  # private use
    ("Ana\u0378", "U+0378"),  # unassigned
    ("\u3164Ana", "U+3164"),  # Hangul filler: a "letter" that shows nothing
    ("Ana\ufe0f", "U+FE0F"),
    ("", None),
    ("   ", None),
    ("\u0301\u0301", None),  # accents on nothing
]


def joined(cardroom: Cardroom, table_id: str) -> Player:
    return cardroom.player(table_id, cardroom.identity(table_id))


def refused(player: Player, **message: object) -> str:
    """Send ``message``, which must be refused; the refusal's sentence."""
    player.send(**message)
    return player.error()


def names_seated(state: Json) -> list[str]:
    return [s["name"] for s in state["seats"] if s["state"] != "empty"]


def test_a_name_with_an_invisible_or_control_character_or_nothing_visible_is_refused(
    cardroom: Cardroom,
) -> None:
    table_id, token = cardroom.create(seat_approval=False)
    host = cardroom.player(table_id, token)
    ana = joined(cardroom, table_id)
    before = ana.next("state")
    for name, code in HIDDEN_NAMES:
        reason = refused(ana, type="sit", seat=1, name=name, buy_in=100)
        if code is None:
            assert (
                reason == "sit: 'name': a name needs at least one visible letter, digit or symbol"
            )
        else:
            expected = f"a name may not contain invisible or control characters ({code})"
            assert reason == f"sit: 'name': {expected}", name
    host.send(type="ping")
    host.next("pong")
    ana.drain()
    assert ana.state["version"] == before["version"] and names_seated(ana.state) == []


def test_a_name_is_normalised_and_trimmed_before_it_sits(cardroom: Cardroom) -> None:
    table_id, _ = cardroom.create(seat_approval=False)
    wide = joined(cardroom, table_id)
    wide.send(type="sit", seat=1, name="  \uff48\uff4f\uff53\uff54  ", buy_in=100)  # full-width
    spaced = joined(cardroom, table_id)
    spaced.send(type="sit", seat=2, name=" Ana \u00a0 Lee ", buy_in=100)
    state = spaced.until(lambda s: len(names_seated(s)) == 2)
    assert names_seated(state) == ["host", "Ana Lee"]


@pytest.mark.parametrize(
    "twin", ["alice", "ALICE", f"{CYRILLIC_A}lice", "\uff21lice", "A1ice", " Alice "]
)
def test_a_name_that_passes_for_one_at_the_table_is_refused(cardroom: Cardroom, twin: str) -> None:
    table_id, _ = cardroom.create(seat_approval=False)
    alice = joined(cardroom, table_id)
    alice.send(type="sit", seat=1, name="Alice", buy_in=100)
    alice.until(lambda s: s["you"]["seat"] == 1)
    other = joined(cardroom, table_id)
    version = other.next("state")["version"]
    reason = refused(other, type="sit", seat=2, name=twin, buy_in=100)
    assert reason.startswith(f"{player_name(twin)!r} is already at the table"), reason
    assert reason.endswith("choose another name")
    other.drain()
    assert other.state["version"] == version and names_seated(other.state) == ["Alice"]


def test_a_name_that_passes_for_one_waiting_for_approval_is_refused(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create()  # the host approves each seat
    host = cardroom.player(table_id, token)
    ben = joined(cardroom, table_id)
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    host.until(lambda s: len(s["requests"]) == 1)
    cyrillic_ben = "\u0412en"  # В
    reason = refused(joined(cardroom, table_id), type="sit", seat=3, name=cyrillic_ben, buy_in=100)
    assert reason.startswith(f"{cyrillic_ben!r} is already asking for a seat as 'Ben'")
    reason = refused(host, type="sit", seat=1, name="BEN", buy_in=100)  # the host too
    assert "already asking for a seat" in reason
    host.send(type="ping")
    host.next("pong")
    host.drain()
    assert [r["name"] for r in host.state["requests"]] == ["Ben"]
    assert names_seated(host.state) == []


def test_a_bot_takes_no_name_that_passes_for_a_players(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(seat_approval=False)
    host = cardroom.player(table_id, token)
    host.send(type="sit", seat=1, name=f"{CYRILLIC_A}da", buy_in=100)  # "Ada", in Cyrillic
    host.until(lambda s: s["you"]["seat"] == 1)
    host.send(type="add_bot", kind="caller", seat=2)
    state = host.until(lambda s: len(names_seated(s)) == 2)
    assert names_seated(state) == [f"{CYRILLIC_A}da", "Bolt"]


def test_a_tournament_refuses_a_registration_that_passes_for_another(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(mode="mtt", max_players=6, seats=3)
    host = cardroom.player(table_id, token)
    alice = joined(cardroom, table_id)
    alice.send(type="register", name=" Alice ")
    host.until(lambda s: [e["name"] for e in s["tournament"]["registered"]] == ["Alice"])
    late = joined(cardroom, table_id)
    for twin in ("alice", f"{CYRILLIC_A}lice", "\U0001d400lice"):  # the last: a bold math A
        assert "is already registered" in refused(late, type="register", name=twin)
    for name, code in HIDDEN_NAMES:
        reason = refused(late, type="register", name=name)
        assert reason.startswith("register: 'name': a name"), reason
        assert code is None or code in reason
    host.send(type="ping")
    host.next("pong")
    host.drain()
    assert [e["name"] for e in host.state["tournament"]["registered"]] == ["Alice"]


def test_chat_refuses_invisible_characters_but_keeps_emoji(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create()
    host = cardroom.player(table_id, token)
    host.next("state")
    for text, code in [("gg\u202e", "U+202E"), ("g\u200bg", "U+200B"), ("a\u200db", "U+200D"),
                       ("hi\nthere", "U+000A"), ("flag\U000e0067", "U+E0067")]:  # fmt: skip
        reason = refused(host, type="chat", text=text)
        assert (
            reason
            == f"chat: 'text': a chat line may not contain invisible or control characters ({code})"
        )
    assert "needs at least one visible" in refused(host, type="chat", text=" \u3000 ")
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    host.send(type="chat", text=f"  nice hand {family} \u2764\ufe0f \U0001f44d\U0001f3fd  ")
    state = host.until(lambda s: bool(s["chat"]))
    assert [line["text"] for line in state["chat"]] == [
        f"nice hand {family} \u2764\ufe0f \U0001f44d\U0001f3fd"
    ]


@pytest.mark.parametrize("name", ["\u202eyadirF", "Fri\u200bday", "  ", "Friday\x07"])
def test_a_table_name_that_hides_characters_is_refused(cardroom: Cardroom, name: str) -> None:
    assert options_refused(cardroom, {"name": name}).startswith("A table name ")


def test_a_letter_under_a_stack_of_accents_is_refused_but_real_scripts_sit(
    cardroom: Cardroom,
) -> None:
    table_id, _ = cardroom.create(seat_approval=False)
    ana = joined(cardroom, table_id)
    before = ana.next("state")
    smear = "a" + "\u0301" * 23  # one letter, 23 combining acute accents: a tall smear
    reason = refused(ana, type="sit", seat=1, name=smear, buy_in=100)
    assert (
        reason == "sit: 'name': a name has more than 3 accents (combining marks) on one character"
    )
    assert "on one character" in refused(ana, type="chat", text="hi " + smear)
    ana.send(type="ping")
    ana.next("pong")
    assert ana.state["version"] == before["version"]
    # Thai stacks a vowel and a tone mark, Vietnamese two accents (NFD): both still sit.
    for seat, name in enumerate(["\u0e17\u0e35\u0e48", "Nguye\u0302\u0303n"], start=1):
        player = joined(cardroom, table_id)
        player.send(type="sit", seat=seat, name=name, buy_in=100)
    state = ana.until(lambda s: len(names_seated(s)) == 2)
    assert names_seated(state) == ["\u0e17\u0e35\u0e48", "Nguy\u1ec5n"]


# -- the rule itself, on any text -----------------------------------------------------------


@given(st.text(max_size=30))
def test_a_name_accepted_is_normalised_shows_every_character_and_stays_itself(text: str) -> None:
    try:
        name = player_name(text)
    except TextError as refusal:
        assert str(refusal).startswith("a name ")
        return
    assert name == unicodedata.normalize("NFKC", name) == name.strip() and name
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Cn") for c in name)
    assert player_name(name) == name and same_name(name, name.casefold())


@given(st.text(max_size=40))
def test_a_chat_line_accepted_hides_nothing_but_emoji_joiners(text: str) -> None:
    try:
        line = chat_text(text)
    except TextError:
        return
    hidden = [c for c in line if unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Cn")]
    assert set(hidden) <= {"\u200d"} and line == line.strip()


def test_names_are_told_apart_only_by_what_shows() -> None:
    assert same_name("Alice", f"{CYRILLIC_A}lice") and same_name("host", "Host")
    assert same_name("Ana", "\uff21na") and same_name("Ben", "\U0001d401en")
    assert not same_name("Ana", "Ann") and not same_name("Ada", "Ada 2")
