"""A client's socket message is read as a JSON object with a "type", or refused with a reason
while the socket stays open (``server/ws.py``'s ``decode``)."""

from __future__ import annotations

import pytest

from gametable.server.refused import Refused
from gametable.server.ws import decode


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (None, "send JSON text messages"),
        ("x" * 5000, "limited to 4096 bytes"),
        ("not json", "must be a JSON object"),
        ("[1]", 'with a "type"'),
        ('{"type": 3}', 'with a "type"'),
        ("[" * 2000 + "]" * 2000, "may not nest more than 100 deep"),
        ('{"type": "move", "a": ' + "[" * 2000, "may not nest more than 100 deep"),
    ],
)
def test_a_message_that_is_no_json_object_is_refused_with_its_reason(
    text: str | None, says: str
) -> None:
    with pytest.raises(Refused) as refused:
        decode(text, 4096)
    assert refused.value.kind in ("bad_request", "too_large") and says in str(refused.value)


def test_a_message_nested_within_the_limit_is_read() -> None:
    assert decode('{"type": "hello", "x": ' + "[" * 90 + "]" * 90 + "}", 4096)["type"] == "hello"
