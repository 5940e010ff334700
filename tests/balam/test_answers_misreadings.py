"""Situations the readers once misread into a wrong referee-checked reply, and the replies they
get now: a riches named twice on one temple, what a catastrophe leaves, and two kings told in
Dutch with "hebben er elk"."""

from __future__ import annotations

import pytest

from gametable.rulebook import chat


@pytest.mark.parametrize(
    "text",
    [
        "I move a jade, another jade and an obsidian onto one temple. How many points do I get?",
        "A maize, another maize and a shell go onto my temple. What prestige does it give?",
    ],
)
def test_a_riches_named_again_is_not_a_second_temple(text: str) -> None:
    """BA-107: one temple sacrifices at most 2 riches; "another jade" is not "another temple",
    so no checked reply counts three riches on it."""
    reply = chat.ask("balam", text)
    assert not reply.checked, reply.text


def test_two_temples_told_with_the_other_are_still_counted() -> None:
    """BA-107: "one temple ..., the other ..." is two temples, each sacrificing its riches."""
    reply = chat.ask(
        "balam", "One temple of mine sacrifices a jade, the other a maize. How much prestige?"
    )
    assert reply.checked and reply.text.startswith("3 ")


@pytest.mark.parametrize(
    ("text", "kept", "lost"),
    [
        ("Pochteca competition: I have 3 markets and no prisoners anywhere. How many markets "
         "do I have left afterwards?", "keep 1 market", "lose 2 markets"),
        ("Pochteca competition: I have 2 markets and no prisoners. How many markets are left?",
         "keep 0 markets", "lose 2 markets"),
    ],
)  # fmt: skip
def test_a_catastrophe_asked_what_is_left_gives_what_is_kept(
    text: str, kept: str, lost: str
) -> None:
    """BA-187: the Pochteca competition takes 2 markets when no prisoner pays; asked what is
    left, the reply says what the king keeps first."""
    reply = chat.ask("balam", text)
    assert reply.checked and kept in reply.text.split(".")[0] and lost in reply.text


def test_two_kings_told_with_hebben_er_elk_are_both_read() -> None:
    """BA-179..BA-181: Bram and Cas tie for second with 1 court each and win nothing; the
    Dutch "hebben er elk 1" gives both of them the count (never Cas alone as second)."""
    reply = chat.ask(
        "balam",
        "Balspel: ik heb 3 balspelvelden, Bram en Cas hebben er elk 1 en Dirk geen. "
        "Wie krijgt wat?",
    )
    assert "enige tweede" not in reply.text.split(".")[0]
    assert not (reply.checked and "Cas (enige tweede" in reply.text)


def test_a_wars_prisoners_are_not_read_as_riches_moved_onto_a_garrison():
    """BA-153, BA-154, BA-216: "I destroyed 2 buildings but my city has 1 empty garrison.
    prisoners?" asks how many prisoners are kept, not whether a second riches may go on a
    garrison; the garrison-load reader must not answer it."""
    reply = chat.ask(
        "balam",
        "i destroyed 2 buildings but my attacking city only has 1 empty garrison. prisoners?",
    )
    assert not reply.checked or not reply.text.startswith("No."), reply.text
