"""What a seat may do now, as its updates list it, and the offer kept for the move it sends.

A legal list's entry is an action's notation, its description for the seat, the question to
ask before playing it when the game marks it as almost surely a mistake (``caution``, from the
game's ``cautions`` part; most entries have none), its integer code, its JSON form and its
steps.  All but the description, the caution and the code depend on the action alone
(a frozen value), so they are made once per process and kept encoded (:func:`action_forms`),
not at every move that offers the action (a game offers tens of actions a move, most of them
again and again).  The list a broadcast offered a seat is kept (:class:`Offers`) until the next
one: a move request naming one of its actions by its notation is then played with the very
action object the game listed, and logged with the description made for the list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from gametable.core.parts import Kind, part
from gametable.core.protocol import Action, State

_encode = msgspec.json.Encoder().encode

#: action classes without a JSON form, and state classes without an integer encoding, as found
#: (asking again raises again: an exception per legal action per move costs more than the rest)
NO_JSON: set[type] = set()
NO_CODES: set[type] = set()


#: an empty legal list (:meth:`Offers.legal_text`)
NO_LEGAL = msgspec.Raw(b"[]")


#: an action's notation, JSON form and steps, and the JSON text of its entry in a legal list
#: before its description (``{"notation":...,"text":``) and after its code (``,"json":...,
#: "steps":[...]}``)
Forms = tuple[str, Any, list[str], bytes, bytes]
#: per action, its forms (:func:`action_forms`), at most ``ACTION_FORMS`` of them (then
#: forgotten all at once and made again as they come)
_forms: dict[Action, Forms] = {}
ACTION_FORMS = 50_000
#: the same forms by the action object's ``id``, with the action (kept alive: its ``id`` names it
#: alone), for :meth:`Offers.legal_text`: the games list the same action objects again and again
#: (Balam and Keezbord keep theirs in tables), and an ``id`` is hashed in C where a frozen
#: dataclass's ``__hash__`` runs Python code (about a fifth of a microsecond an action, three
#: times an entry); at most ``ACTION_FORMS`` of them, then forgotten all at once
_forms_by_id: dict[int, tuple[Action, Forms]] = {}


def action_forms(action: Action) -> Forms:
    """An action's notation, JSON form (``None`` if its game has none yet) and steps, and the
    JSON text of its legal entry around the parts that depend on the position (:data:`Forms`):
    they depend on the action alone (a frozen value), so each is made once per process, not at
    every move that offers it (Balam offers 30-40 actions a move, most of them again and
    again).  What is returned is shared: read it, do not change it."""
    try:
        known = _forms.get(action)
    except TypeError:  # an unhashable action: made every time
        known = None
        hashable = False
    else:
        hashable = True
    if known is not None:
        return known
    as_json = None
    if type(action) not in NO_JSON:
        try:
            as_json = action.to_json()
        except NotImplementedError:  # games still growing their JSON form
            NO_JSON.add(type(action))
    notation, steps = str(action), list(action.steps)
    head = b'{"notation":' + _encode(notation) + b',"text":'
    tail = b',"steps":' + _encode(steps) + b"}"
    if as_json is not None:
        tail = b',"json":' + _encode(as_json) + tail
    made = (notation, as_json, steps, head, tail)
    if hashable:
        if len(_forms) >= ACTION_FORMS:
            _forms.clear()
        _forms[action] = made
    return made


#: what a game's ``cautions`` part is: the moves to confirm among a seat's legal actions
Cautions = Callable[[State, int, Sequence[Action]], dict[int, str]]
CAUTIONS: Kind[Cautions] = Kind("cautions", accepts=callable)
#: per game name, its ``cautions`` part (``None``: it declares none)
_cautions: dict[str, Cautions | None] = {}


def cautions(state: State, seat: int, actions: list[Action]) -> dict[int, str]:
    """The moves among ``actions`` (``seat``'s legal actions) that the web table asks the player
    to confirm, by index, each with its question (the game's ``cautions`` part; ``docs/web.md``,
    "Confirmations")."""
    game = state.game
    if game.name not in _cautions:
        _cautions[game.name] = part(game, CAUTIONS)
    ask = _cautions[game.name]
    return {} if ask is None else ask(state, seat, actions)


def _frozen(action: Action) -> bool:
    """Whether ``action`` is hashable (a frozen value, whose forms may be kept)."""
    try:
        hash(action)
    except TypeError:
        return False
    return True


class Offers:
    """The legal lists of a table, and what its last broadcast offered each seat to move."""

    def __init__(self) -> None:
        #: per seat to move, what the last broadcast offered it (:meth:`legal_text`): the state
        #: it was offered in, and the actions' notations, objects and descriptions, in order
        self.offered: dict[int, tuple[State, list[str], list[Action], list[str]]] = {}

    def clear(self) -> None:
        """Forget the offers (a broadcast makes them again for the new position)."""
        self.offered.clear()

    def legal_entries(self, state: State, seat: int | None) -> list[tuple[Forms, str, int | None]]:
        """What ``seat`` may do now, in the game's order: for each legal action its forms
        (:func:`action_forms`: notation, JSON form, steps and their encoded text), its
        description for ``seat`` and its integer code (``None``: the game has no integer
        encoding, or none for this action).  Empty when ``seat`` is not to move.  The one loop
        behind :meth:`legal_for` and :meth:`legal_text`."""
        if seat is None or seat not in state.to_move:
            return []
        codes = type(state) not in NO_CODES
        out = []
        for action in state.legal_actions(seat):
            code = None
            if codes:
                try:
                    code = state.encode_action(action)
                except NotImplementedError:  # a game without an integer encoding
                    NO_CODES.add(type(state))
                    codes = False
                except ValueError:  # an action outside the encoding
                    pass
            out.append((action_forms(action), state.describe(action, seat), code))
        return out

    def legal_for(self, state: State, seat: int | None) -> list[dict[str, Any]]:
        """What ``seat`` may do now: each action's notation, description, integer code, JSON form
        (``json``, the contract's ``action.to_json()``) and ``steps`` (labels for menus)."""
        out = []
        entries = self.legal_entries(state, seat)
        asks = (
            cautions(state, seat, state.legal_actions(seat)) if entries and seat is not None else {}
        )
        for i, ((notation, as_json, steps, _, _), text, code) in enumerate(entries):
            item: dict[str, Any] = {"notation": notation, "text": text}
            if i in asks:  # (after the text, as legal_text writes it)
                item["caution"] = asks[i]
            if code is not None:
                item["code"] = code
            if as_json is not None:
                item["json"] = as_json
            item["steps"] = steps
            out.append(item)
        return out

    def legal_text(self, state: State, seat: int | None) -> msgspec.Raw:
        """:meth:`legal_for` as JSON text (the same entries, keys and order), each entry
        assembled from its action's encoded forms (:func:`action_forms`) around its
        description and code, the only parts that depend on the position.

        What was offered is kept (:attr:`offered`, until the next broadcast: :meth:`clear`): a move request
        naming one of these actions by its notation is then played with the very action object
        the game listed (the games apply those at once, without checking them again), and
        logged with the description made here."""
        if seat is None or seat not in state.to_move:
            return NO_LEGAL
        actions = state.legal_actions(seat)
        if not actions:
            return NO_LEGAL
        describe = state.describe
        code_of = None if type(state) in NO_CODES else state.encode_action
        by_id = _forms_by_id
        pieces: list[bytes] = []
        notations: list[str] = []
        texts: list[str] = []
        asks = cautions(state, seat, actions)
        for i, (action, entry) in enumerate(
            zip(actions, map(by_id.get, map(id, actions)), strict=True)
        ):
            if entry is None:
                forms = action_forms(action)
                if _frozen(action):  # (an unhashable action's forms are made every time)
                    if len(by_id) >= ACTION_FORMS:
                        by_id.clear()
                    by_id[id(action)] = (action, forms)
            else:
                forms = entry[1]
            code = None
            if code_of is not None:
                try:
                    code = code_of(action)
                except NotImplementedError:  # a game without an integer encoding
                    NO_CODES.add(type(state))
                    code_of = None
                except ValueError:  # an action outside the encoding
                    pass
            text = describe(action, seat)
            said = (
                _encode(text)
                if i not in asks
                else _encode(text) + b',"caution":' + _encode(asks[i])
            )
            if code is None:
                pieces.append(forms[3] + said + forms[4])
            else:
                pieces.append(b'%b%b,"code":%d%b' % (forms[3], said, code, forms[4]))
            notations.append(forms[0])
            texts.append(text)
        if len(set(notations)) == len(notations):  # each notation names one action
            self.offered[seat] = (state, notations, actions, texts)
        return msgspec.Raw(b"[" + b",".join(pieces) + b"]")

    def from_offer(self, state: State, seat: int | None, action: Any) -> tuple[Action, str] | None:
        """The action object and description that the last broadcast offered ``seat`` under the
        notation ``action`` in this very position (:meth:`legal_text`), or ``None`` (another
        position, or not notation text, or not offered: the game parses it)."""
        if not isinstance(action, str) or seat is None:
            return None
        offer = self.offered.get(seat)
        if offer is None or offer[0] is not state:
            return None
        try:
            i = offer[1].index(action)
        except ValueError:
            return None
        return offer[2][i], offer[3][i]
