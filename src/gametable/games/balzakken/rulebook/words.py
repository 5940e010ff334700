"""Balzakken's own words for the rules search: the synonyms and the Dutch words that hold in
Balzakken only (in another game they would mislead), read by :mod:`gametable.rulebook.words`."""

from __future__ import annotations

from gametable.rulebook.words import GameWords

#: word -> canonical word, applied before the shared synonyms
SYNONYMS: dict[str, str] = {
    # calling BALZAK!
    "balzakken": "balzak",
    "shout": "call",
    "shouts": "call",
    "shouting": "call",
    "yell": "call",
    "announce": "call",
    "announcing": "call",
    "declare": "call",
    "declaring": "call",
    "calls": "call",
    "calling": "call",
    "called": "call",
    "caller": "call",
    # the draw pile and the hands
    "pick": "draw",
    "picks": "draw",
    "peek": "look",
    "deck": "draw pile",
    "stock": "draw pile",
    "total": "point",
    "worth": "point",
    "score": "point",
    "scores": "point",
    "values": "value",
    "number": "value",
    "numbers": "value",
    "rid": "discard",
    "dump": "discard",
    "dumping": "discard",
    "dumped": "discard",
    "throw": "discard",
    "throwing": "discard",
    "threw": "discard",
    "thrown": "discard",
    "toss": "discard",
    "ditch": "discard",
}

#: Dutch word -> the English word(s) the rules use, looked up before the shared Dutch words
DUTCH: dict[str, str] = {
    "pot": "draw pile",
    "trekstapel": "draw pile",
    "aflegstapel": "discard pile",
    "roepen": "call",
    "roep": "call",
    "roept": "call",
    "geroepen": "call",
    "afleggen": "discard",
    "weggooien": "discard",
    "weg": "discard",
    "gooien": "discard",
    "gooi": "discard",
    "afgooien": "discard",
    "leggen": "discard",
    "actiekaart": "action card",
    "actiekaarten": "action card",
    "lul": "lul",
    "swinger": "swinger",
    "vals": "false",
    "valse": "false",
    "fout": "false",
    "foute": "false",
    "straf": "penalty",
    "strafpunten": "penalty 25",
    "goede": "good",
    "goed": "good",
    "kleur": "value",
    "blauwe": "blue",
    "bal": "ball",
    "bruisbal": "bruisbal",
    "negenenzestig": "69",
    "negenennegentig": "99",
    "vijftig": "50",
    "vijfenzeventig": "75",
    "zichzelf": "yourself",
    "jezelf": "yourself",
    "stapels": "pile",
    "op": "runs out",
}

WORDS = GameWords(synonyms=SYNONYMS, dutch=DUTCH)
