"""The interactive terminal game: human seats and bot seats in any mix, hot seat included.

It renders only from ``view(seat)`` of the human seat to move.  A decision is shown as a short
menu built from the legal actions' steps (:mod:`gametable.terminal.menu`): a person picks an entry
by its number or its first letters, level by level, goes back a level, turns pages, or types any
whole action in the game's notation at any level.  Commands are listed in :data:`HELP`.

When the turn passes from one human to another, the screen and the terminal's scrollback are
erased and the next player must press Enter before their hand is shown, so nobody sees another
player's cards, not even by scrolling back.  With ``full_screen`` (a person at a terminal), the
game runs in the alternate screen and each decision is one screen drawn whole
(:mod:`gametable.terminal.frame`): board, log, menu, prompt.  The game is saved
(:class:`~gametable.terminal.saves.SaveSlot`) whenever it waits for a person and when it ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from gametable.bots import Bot
from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import Action, State
from gametable.core.record import Record
from gametable.rulebook import embed
from gametable.rulebook import load as load_reference
from gametable.rulebook.chat import HISTORY, about_the_last_try, ask
from gametable.rulebook.question import kind_of
from gametable.rulebook.render import render_answer, render_section
from gametable.terminal.frame import Log, alternate_screen, wipe
from gametable.terminal.menu import PAGE_SIZE, Entry, StepMenu
from gametable.terminal.prompt import Ask, Candidate
from gametable.terminal.render import (
    MENU_ROOM,
    fitted_board,
    height_of,
    menu_page,
    menu_screen,
    renderer_for,
)
from gametable.terminal.saves import PERSON, SaveSlot, holds_other_game, table_meta, write_record

HELP = (
    "Pick from the menu by an entry's number or its first letters; an entry with more to choose "
    "opens the next level. At any level you may also type a whole move in the game's notation. "
    "Tab completes what you type; the up and down arrows recall earlier lines.\n"
    "Commands: back (the level before), top (the first level), next and prev (other pages; "
    "also > and <), board (the board again), log (what happened lately), why (the last refusal's reason and rule), ask "
    "QUESTION (a question about the rules or this position: ask what can I do; a line that "
    "ends with ? is asked too), save "
    "(save now), save FILE (also write the game to FILE), quit (stop; the game is kept: "
    "gametable saves)."
)

#: the commands, as offered for completion
COMMANDS = (
    Candidate("back", "the level before"),
    Candidate("top", "the first level"),
    Candidate("next", "the next page"),
    Candidate("prev", "the previous page"),
    Candidate("board", "show the board again"),
    Candidate("log", "what happened lately"),
    Candidate("why", "the last refusal again"),
    Candidate("ask ", "ask a question: ask what can I do"),
    Candidate("save", "save now (save FILE: also to FILE)"),
    Candidate("help", "how to play from here"),
    Candidate("quit", "stop; the game is kept"),
)


def asks_a_question(line: str) -> bool:
    """Whether a line that is no move nor command is a question for the rules chat: it ends
    with a question mark, or it has three words or more and reads as asking something ("why
    can't I call", "hoeveel punten is de lul")."""
    text = line.strip()
    if text.endswith("?"):
        return True
    words = text.casefold().split()
    if len(words) < 3:
        return False
    return words[0] in _QUESTION_OPENERS or kind_of(" ".join(words)) != "other"


#: first words that make a line of three words or more a question, in English and Dutch
_QUESTION_OPENERS = frozenset({
    "why", "what", "which", "who", "how", "when", "where", "can", "can't", "may", "must", "is",
    "are", "do", "does", "waarom", "wat", "welke", "wie", "hoe", "wanneer", "waar", "mag", "kan",
    "kun", "moet", "ben",
})  # fmt: skip


class TerminalGame:
    """Runs one game at a terminal; ``ask`` reads a line (raising EOFError at end of input)."""

    def __init__(
        self,
        state: State,
        record: Record,
        bots: dict[int, Bot],
        console: Console,
        ask: Ask,
        slot: SaveSlot | None = None,
        seats: list[str] | None = None,
        *,
        full_screen: bool = False,
    ) -> None:
        self.state = state
        self.record = record
        self.bots = bots
        self.console = console
        self.ask = ask
        self.slot = slot
        #: who plays each seat, as saves list them ("person" or the bot's spec)
        self.seats = seats or [
            type(bots[s]).__name__ if s in bots else PERSON for s in range(state.players)
        ]
        self.renderer = renderer_for(state.game)
        self.last_refusal: IllegalAction | None = None
        #: the action last refused, while no other was played
        self.refused: Action | None = None
        self.humans = [s for s in range(state.players) if s not in bots]
        self.screen_owner: int | None = self.humans[0] if len(self.humans) == 1 else None
        self._public: Mapping[str, Any] = state.view(None)
        self._save_failed = False
        self.menu: StepMenu | None = None
        self._notes: dict[Action, str] = {}
        #: the questions each seat asked, oldest first (a follow-up leans on its seat's last one)
        self.asked: dict[int, list[str]] = {}
        #: one screen a decision in the alternate screen (a person at a terminal)
        self.full_screen = full_screen
        self.log = Log()
        #: the seat whose decision is on screen
        self.seat_shown: int | None = None
        #: the last summary shown (shown again after the game, outside the alternate screen)
        self.last_summary: RenderableType | None = None

    # -- the game -----------------------------------------------------------------------------------
    def run(self) -> None:
        if self.full_screen:
            with alternate_screen(self.console):
                self.play_out()
            if self.last_summary is not None:
                self.console.print(self.last_summary)
        else:
            self.play_out()
        self.show_end()

    def play_out(self) -> None:
        """Play until the game is over."""
        state = self.state
        while state.to_move:
            seat = next((s for s in state.to_move if s in self.bots), state.to_move[0])
            bot = self.bots.get(seat)
            if bot is not None:
                action = bot.act(state, seat)
                said = state.describe(action, seat)
                self.tell(Text.assemble(("bot: ", "dim"), said), keep=True)
                self.record.append(state, action, seat)
            else:
                self.human_turn(seat)
            self.show_summary()

    def show_end(self) -> None:
        """The board as the game ended (the spectator's in hot seat) and the result."""
        state = self.state
        outcome = state.outcome
        assert outcome is not None
        self.console.rule("Game over")
        owner = self.humans[0] if len(self.humans) == 1 else None
        self.console.print(self.board(state.view(owner))[0])
        self.console.print(Text(outcome.reason, style="bold"))
        for s, (score, rank) in enumerate(zip(outcome.scores, outcome.ranking, strict=True)):
            mark = "  [bold green]winner[/bold green]" if s in outcome.winners else ""
            self.console.print(f"  seat {s}: {score:g} points, place {rank}{mark}")
        self.autosave()

    def show_summary(self) -> None:
        public = self.state.view(None)
        summary = self.renderer.summary(self._public, public)
        self._public = public
        if summary is None:
            return
        self.last_summary = summary
        if not self.full_screen:
            self.console.print(summary)
        elif not self.state.is_over:  # the last one is shown with the result
            wipe(self.console)
            self.console.print(summary)
            self.ask("Press Enter to go on. ")

    def tell(self, line: Text, keep: bool = False) -> None:
        """Say ``line``: printed, or in full screen put in the log and the screen drawn again
        (``keep``: also in the log's history, for events every seat may see)."""
        if not self.full_screen:
            self.console.print(line, highlight=False)
            return
        self.log.add(line, keep=keep)
        if self.seat_shown is not None and self.menu is not None:
            self.show_turn(self.seat_shown)

    def page(self) -> None:
        """Before a long text in full screen (help, an answer): a clean screen to read it on
        (any menu command draws the decision again)."""
        if self.full_screen:
            wipe(self.console)

    def hand_over(self, seat: int) -> None:
        """Hot seat: hide the screen before showing ``seat``'s hand."""
        if self.screen_owner == seat:
            return
        if self.screen_owner is not None or len(self.humans) > 1:
            wipe(self.console)
            self.console.rule(Text(f"Hand the screen to seat {seat}"))
            self.ask(f"Seat {seat}, press Enter when only you can see the screen. ")
        self.screen_owner = seat

    # -- a person's turn --------------------------------------------------------------------------
    def human_turn(self, seat: int) -> None:
        """Show the board and the menu, then read lines until one plays a legal action."""
        self.hand_over(seat)
        self.autosave()
        self.start_turn(seat)
        self.show_turn(seat)
        while True:
            line = " ".join(self.ask(self.question(seat), self.candidates()).split())
            if not line:
                continue
            action = self.read(line, seat)
            if action is not None and self.play(action, seat):
                self.seat_shown = None
                self.log.clear()
                return

    def start_turn(self, seat: int) -> None:
        """The menu of ``seat``'s legal actions, at its first level."""
        legal = self.state.legal_actions(seat)
        self.menu = StepMenu(legal)
        self._notes = {a: self.note_for(a, seat) for a in legal}

    def question(self, seat: int) -> str:
        """The prompt: a question to the person whose turn it is."""
        if len(self.humans) == 1:
            return "What do you play? "
        return f"Seat {seat}, what do you play? "

    def note_for(self, action: Action, seat: int) -> str:
        """The sentence shown beside an action, without the seat it is said of."""
        text = self.state.describe(action, seat)
        mine = f"seat {seat} "
        if text.startswith(mine):
            text = text[len(mine) :]
        return "" if text == str(action) else text

    def note(self, entry: Entry) -> str:
        """Beside a menu entry: what the action does, or what its next level offers
        (``3, 7 or 11x2``; ``card 0 … card 3: 4 choices``)."""
        done = entry.action
        if done is not None:
            return self._notes.get(done, "")
        assert self.menu is not None
        below = self.menu.preview(entry)
        if len(below) == 1:
            return f"then {below[0]}"
        if len(below) <= 6:
            return "then " + ", ".join(below[:-1]) + f" or {below[-1]}"
        return f"then {len(below)} choices: {', '.join(below[:3])} …"

    def candidates(self) -> list[Candidate]:
        """What Tab completes: the entries shown, every legal action in notation, the commands."""
        assert self.menu is not None
        out = [Candidate(e.label, self.note(e)) for e in self.menu.entries()]
        out += [Candidate(str(a), note) for a, note in self._notes.items()]
        return out + list(COMMANDS)

    def show_turn(self, seat: int) -> None:
        """The board, then the log and the menu in the room the screen has left (in full
        screen: on a wiped screen)."""
        self.seat_shown = seat
        if self.full_screen:
            wipe(self.console)
        logged = 1 if self.full_screen and self.log.fresh else 0
        board, full = self.board(self.state.view(seat), logged)
        if full:
            self.console.rule(f"{self.state.game.title}: seat {seat} to move")
        self.console.print(board)
        used = height_of(self.console, board) + (2 if full else 1)
        if self.full_screen:  # a screen of its own: the board's lines and the rule, no more
            used -= 1
            assert self.menu is not None
            wanted = max(MENU_ROOM, min(len(self.menu.entries()) + 2, MENU_ROOM + 3))
            used += self.show_log(self.console.height - used - 1 - wanted)
        self.show_menu(used)

    def show_log(self, rows: int) -> int:
        """The newest lines of the log in at most ``rows`` lines (one at least); lines used."""
        lines = self.log.fitted(max(1, rows), lambda line: height_of(self.console, line))
        if rows <= 1:  # one line at most: cut to the width ('log' shows it whole)
            lines = [line.copy() for line in lines]
            for line in lines:
                line.truncate(self.console.width, overflow="ellipsis")
        for line in lines:
            self.console.print(line, highlight=False)
        return sum(height_of(self.console, line) for line in lines)

    def board(self, view: Mapping[str, Any], logged: int = 0) -> tuple[RenderableType, bool]:
        """The board in the layout that fits the screen with a menu (and ``logged`` lines of the
        log) below it (the full one when the output is not a screen), and whether it is the
        full one (the compact one begins with its own heading)."""
        if not self.console.is_terminal:
            return self.renderer.board(view), True
        return fitted_board(self.renderer, view, self.console, MENU_ROOM + 1 + logged)

    def show_menu(self, used: int = 0) -> None:
        """The level of the menu shown, fitted below ``used`` lines of the screen (in full
        screen: the whole decision drawn again)."""
        assert self.menu is not None
        if self.full_screen and self.seat_shown is not None and not used:
            self.show_turn(self.seat_shown)
            return
        height = self.console.height if self.console.is_terminal else 40
        rows = max(0, height - used - 1)
        self.console.print(menu_screen(self.menu, self.note, self.console.width, rows))

    def read(self, line: str, seat: int) -> Action | None:
        """Act on one line: a command, a number, labels, a move in notation or first letters.

        Returns the action to play, if the line names one.
        """
        menu = self.menu
        assert menu is not None
        first, _, rest = line.partition(" ")
        word = first.casefold()
        if word == "save":
            self.save(rest)
            return None
        if word == "ask":
            self.answer(rest, seat)
            return None
        if not rest and self.command(word, seat):
            return None
        if line.isdigit():
            entry = menu.entry(int(line))
            if entry is None:
                count = len(menu.entries())
                self.tell(Text(f"Choose a number from 1 to {count}."))
                return None
            return self.open(entry)
        exact = menu.find(line, first_letters=False)
        if exact:
            return self.open(exact[0])
        try:
            return self.state.game.parse_action(self.state, line)
        except GameError as exc:
            not_understood = exc
        found = menu.find(line)
        if len(found) == 1:
            return self.open(found[0])
        if found:
            first = f"; the first {PAGE_SIZE}" if len(found) > PAGE_SIZE else ""
            if self.full_screen:  # the menu on screen shows them
                self.tell(Text(f"{len(found)} entries start with '{line}': type more letters."))
                return None
            self.console.print(
                f"{len(found)} entries start with '{line}'{first}:",
                highlight=False,
                markup=False,
                soft_wrap=True,
            )
            shown = found[:PAGE_SIZE]
            self.console.print(menu_page(menu, self.note, self.console.width, entries=shown))
            self.console.print("Type more letters, or the number.", style="dim")
            return None
        if asks_a_question(line):
            self.answer(line, seat)
            return None
        self.tell(
            Text.assemble(
                ("Not understood: ", "red"),
                str(not_understood),
                ("\nType an entry's number or first letters, a whole move, or 'help'.", "dim"),
            )
        )
        return None

    def command(self, word: str, seat: int) -> bool:
        """Carry out a one-word command; ``False`` if ``word`` is not one."""
        menu = self.menu
        assert menu is not None
        if word in ("help", "?"):
            self.page()
            self.console.print(HELP, highlight=False)
            if self.renderer.help:
                self.console.print(self.renderer.help, highlight=False)
        elif word == "why":
            if self.last_refusal is None:
                self.tell(Text("Nothing was refused yet."))
            else:
                self.page()
                self.explain(self.last_refusal)
        elif word in ("quit", "exit"):
            raise KeyboardInterrupt
        elif word == "board":
            self.show_turn(seat)
        elif word == "log":
            self.page()
            for line in self.log.history:
                self.console.print(line, highlight=False)
            if not self.log.history:
                self.console.print("Nothing happened yet.")
        elif word in ("back", ".."):
            if menu.back():
                self.show_menu()
            else:
                self.tell(Text("This is the first level already."))
        elif word == "top":
            menu.top()
            self.show_menu()
        elif word in ("next", ">"):
            if menu.next_page():
                self.show_menu()
            else:
                self.tell(Text("This is the last page."))
        elif word in ("prev", "previous", "<"):
            if menu.previous_page():
                self.show_menu()
            else:
                self.tell(Text("This is the first page."))
        else:
            return False
        return True

    def open(self, entry: Entry) -> Action | None:
        """Open a menu entry: its action, or the next level shown."""
        assert self.menu is not None
        action = self.menu.open(entry)
        if action is None:
            self.show_menu()
        return action

    def play(self, action: Action, seat: int) -> bool:
        """Play ``action`` for ``seat`` after any confirmation; ``False`` if it was not played."""
        state = self.state
        question = self.renderer.confirm(state.view(seat), action)
        if question and state.is_legal(action, seat):
            yes_no = [Candidate("yes"), Candidate("no")]
            answer = self.ask(f"{question} (y/n) ", yes_no).strip().lower()
            if answer not in ("y", "yes"):
                self.tell(Text("Not played; choose again."))
                return False
        try:
            self.record.append(state, action, seat)
        except IllegalAction as exc:
            self.last_refusal = exc
            self.refused = action
            self.tell(
                Text.assemble(
                    ("Refused: ", "red"),
                    exc.explanation,
                    f"\n  rule: {exc.rule}  (type 'why' to see this again)",
                )
            )
            return False
        self.refused = None
        return True

    def answer(self, question: str, seat: int) -> None:
        """``ask QUESTION``: the short answer about this position and the sections it rests on
        (a "why not" question is about the move just refused, if there is one)."""
        if not question:
            self.tell(Text("Ask a question after the word: ask what can I do", "dim"))
            return
        self.page()
        attempt = self.refused if about_the_last_try(question) else None
        game = self.state.game.name
        asked = self.asked.setdefault(seat, [])
        history = asked[-HISTORY:]
        if embed.available() and not embed.loaded():
            with self.console.status("Loading the rules model (only before the first question)..."):
                reply = ask(
                    game, question, history=history, state=self.state, seat=seat, attempt=attempt
                )
        else:
            reply = ask(
                game, question, history=history, state=self.state, seat=seat, attempt=attempt
            )
        asked.append(question)
        self.console.print(render_answer(load_reference(game), reply))

    def explain(self, refusal: IllegalAction) -> None:
        """The refusal again, with the rules reference section it points to."""
        self.console.print(
            f"{refusal.explanation}\n  rule: {refusal.rule}",
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
        try:
            reference = load_reference(refusal.rule.game)
            self.console.print(render_section(reference, reference.resolve(refusal.rule)))
        except (KeyError, LookupError, OSError):
            self.console.print(f"  (see: gametable rules {refusal.rule.game})")

    # -- saving -----------------------------------------------------------------------------------
    def autosave(self) -> Path | None:
        """Save the game so far in its save slot; the file, or ``None`` if there is no slot or
        it could not be written (said once)."""
        if self.slot is None or not self.record.moves:  # nothing to lose yet
            return None
        self.record.meta.update(table_meta(self.state, self.seats))
        try:
            path = self.slot.save(self.record)
        except OSError as exc:
            if not self._save_failed:
                self.tell(
                    Text.assemble(
                        ("The game could not be saved: ", "yellow"),
                        f"{exc.strerror} ({exc.filename})",
                    )
                )
            self._save_failed = True
            return None
        if self.slot.moved_from is not None:
            self.tell(
                Text(
                    f"{self.slot.moved_from} was changed by another game since; to keep both, "
                    f"this game is now saved in {path}."
                )
            )
        return path

    def save(self, name: str) -> None:
        """``save``: save now; ``save FILE``: also write the game to FILE (asking before
        replacing another game)."""
        if not name:
            path = self.autosave()
            if path is not None:
                self.console.print(
                    f"Saved in {path}.", highlight=False, markup=False, soft_wrap=True
                )
            elif self.slot is None:
                self.console.print("Saving needs a file name here: save FILE")
            elif not self.record.moves:
                self.console.print("Nothing has been played yet, so there is nothing to save.")
            return
        target = Path(name)
        if holds_other_game(target, self.record):
            answer = self.ask(f"{target} holds another game. Replace it? (y/n) ").strip().lower()
            if answer not in ("y", "yes"):
                self.console.print("Not saved.")
                return
        try:
            write_record(target, self.record)
        except OSError as exc:
            self.console.print(
                Text.assemble(("Could not save: ", "red"), str(exc.strerror)), highlight=False
            )
            return
        self.console.print(
            f"Saved to {target}; resume with: gametable play --load {target}",
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
