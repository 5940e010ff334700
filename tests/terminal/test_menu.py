"""The step menu: levels, first letters, labels of several levels, going back, pages."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from rich.console import Console

import gametable
from gametable.core.protocol import Action
from gametable.terminal.menu import PAGE_SIZE, StepMenu
from gametable.terminal.render import MIN_PAGE, menu_screen


@dataclass(frozen=True)
class Pick(Action):
    path: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.path)

    @property
    def steps(self) -> tuple[str, ...]:
        return self.path


@dataclass(frozen=True)
class Flat(Action):
    """An action with the default steps: one level, its notation."""

    n: int

    def __str__(self) -> str:
        return f"move {self.n}"


def sites(tree: str, count: int) -> list[Action]:
    return [Pick(("build", tree, f"c{n}")) for n in range(1, count + 1)]


def test_the_first_level_groups_actions_by_their_first_step():
    m = StepMenu([*sites("village", 3), *sites("temple", 2), Pick(("end",))])
    assert [e.label for e in m.entries()] == ["build", "end"]
    assert [e.number for e in m.entries()] == [1, 2]
    assert m.path == () and m.depth == 0


def test_a_number_opens_its_entry_and_a_final_entry_gives_its_action():
    m = StepMenu([*sites("village", 3), *sites("temple", 2), Pick(("end",))])
    assert m.open(m.entry(1)) is None
    assert m.path == ("build",) and [e.label for e in m.entries()] == ["village", "temple"]
    m.open(m.entry(2))
    assert m.open(m.entry(2)) == Pick(("build", "temple", "c2"))
    assert m.entry(3) is None and m.entry(0) is None


def test_levels_with_a_single_entry_are_opened_through():
    m = StepMenu([*sites("village", 3), Pick(("end",))])
    m.open(m.find("build")[0])
    assert m.path == ("build", "village")  # "village" was all there was to choose
    assert m.back() and m.path == ()
    only = StepMenu(sites("village", 3))
    assert only.path == ("build", "village") and only.depth == 0
    assert not only.back()


def test_first_letters_pick_an_entry_when_no_other_starts_with_them():
    m = StepMenu([Pick(("swap", "7")), Pick(("swinger", "1")), Pick(("discard", "7"))])
    assert [e.label for e in m.find("d")] == ["discard"]
    assert [e.label for e in m.find("sw")] == ["swap", "swinger"]
    assert m.find("x") == []
    assert m.path == ()  # looking does not move


def test_an_exact_label_beats_first_letters():
    m = StepMenu([Pick(("7",)), Pick(("7x2",)), Pick(("7x2 top",))])
    assert [e.label for e in m.find("7")] == ["7"]
    assert [e.label for e in m.find("7x2")] == ["7x2"]
    assert [e.label for e in m.find("7x", first_letters=True)] == ["7x2", "7x2 top"]
    assert m.find("7x", first_letters=False) == []


def test_labels_of_several_levels_can_be_typed_at_once_in_any_case():
    m = StepMenu([*sites("village", 3), *sites("temple", 2), Pick(("end",))])
    [entry] = m.find("BUILD   Temple")
    assert m.path == ("build",) and entry.label == "temple"
    m.top()
    found = m.find("build temple c")  # first letters on the last level only
    assert m.path == ("build", "temple") and [e.label for e in found] == ["c1", "c2"]


def test_labels_that_lead_nowhere_change_nothing():
    m = StepMenu([*sites("village", 3), *sites("temple", 2), Pick(("end",))])
    assert m.find("build palace") == []
    assert m.path == ()


def test_a_long_flat_level_is_paged_by_twenty_with_numbers_across_pages():
    """Actions with the default steps (their notation) form one level: Balam's 420."""
    m = StepMenu([Flat(n) for n in range(420)])
    assert m.page_count() == 21 and m.page_number() == 1
    assert [e.number for e in m.page()] == list(range(1, 21))
    assert not m.previous_page()
    assert m.next_page() and m.page()[0].number == 21
    assert m.entry(420) is not None and m.entry(420).label == "move 419"
    while m.next_page():
        pass
    assert m.page_number() == 21 and len(m.page()) == 20
    assert m.previous_page() and m.page_number() == 20


def test_no_page_shows_more_than_twenty_entries():
    m = StepMenu([Flat(n) for n in range(45)], page_size=50)
    assert m.page_size == PAGE_SIZE
    m.set_page_size(99)
    assert len(m.page()) == PAGE_SIZE


def test_a_new_page_size_keeps_the_first_entry_shown():
    m = StepMenu([Flat(n) for n in range(45)], page_size=18)
    m.next_page()
    m.set_page_size(20)
    assert m.page()[0].number == 19
    assert (m.page_number(), m.page_count()) == (2, 3)
    m.previous_page()
    assert m.page()[0].number == 1


def test_going_back_returns_to_the_page_one_was_on():
    m = StepMenu([Pick(("end",)), *(Pick((f"t{n:02}", "x", "y")) for n in range(30))])
    m.next_page()
    m.open(m.entry(25))
    assert m.path == ("t23", "x")
    m.back()
    assert m.page_number() == 2 and m.page()[0].number == 21


def test_balam_after_paying_is_paged_into_screens_of_at_most_twenty():
    state = gametable.load_game("balam").new_game(2, seed=3)
    state.apply("pay maize")
    legal = state.legal_actions()
    m = StepMenu(legal)
    seen = []

    def walk() -> None:
        while True:
            assert len(m.page()) <= PAGE_SIZE
            for entry in m.page():
                if entry.action is not None:
                    seen.append(entry.action)
                else:
                    m.open(entry)
                    walk()
                    m.back()
            if not m.next_page():
                return

    walk()
    assert sorted(map(str, seen)) == sorted(map(str, legal))


def test_a_menu_needs_an_action():
    with pytest.raises(ValueError):
        StepMenu([])


@pytest.mark.parametrize("rows", [4, 8, 12, 16, 22, 30])
@pytest.mark.parametrize("count", [3, 11, 45, 420])
def test_a_menu_screen_fits_the_rows_left_and_80_columns(rows, count):
    """Below a tall board the page shrinks or spreads over columns; never under six entries."""
    menu = StepMenu([Flat(n) for n in range(count)])
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(menu_screen(menu, lambda e: "moves a pawn " * 8, 80, rows))
    lines = console.export_text().rstrip("\n").split("\n")
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= max(rows, MIN_PAGE + 2)
    assert len(menu.page()) <= PAGE_SIZE
    assert len(menu.page()) >= min(count, MIN_PAGE)
