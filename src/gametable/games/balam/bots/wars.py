"""What an attack should bring the attacker, on average over the dice ("5 - WARS")."""

from __future__ import annotations

import math

from gametable.games.balam.bots.table import Table, lead_of, without, worth, worths
from gametable.games.balam.public import BalamView


def faces(view: BalamView) -> tuple[float, float]:
    """Mean success points of a die and the chance of a skull."""
    text: str = view["options"].get("faces") or "0,1,1,2,3,X"  # the option's own syntax
    values = [f.strip().upper() for f in text.split(",")]
    points = [int(f) for f in values if f != "X"]
    return sum(points) / len(values), (len(values) - len(points)) / len(values)


def attack_gain(
    table: Table, seat: int, source: str, target: str, garrisons: int, obsidian: int
) -> float:
    """How much an attack should raise the attacker's lead, on average over the dice."""
    view = table.view
    defender = view["sites"][target]["owner"]
    if defender is None:
        return -1.0
    mean, skull = faces(view)
    defence = 0.0
    spendable = 0
    for site in [target, *table.neighbours[target]]:
        entry = view["sites"][site]
        if entry["owner"] != defender:
            continue
        for building in entry["buildings"]:
            if building["building"] == "garrison":
                defence += 1
                spendable += building["riches"] == ["obsidian"]
    w = table.weights
    margin = garrisons * mean + obsidian - defence - w.defender_obsidian * spendable
    estate = table.estates[defender]
    kinds = estate.sites.get(target, [])
    points = sum(2 if k in ("temple", "palace") else 1 for k in kinds)
    lost = garrisons * skull * w.static["garrison"] + obsidian * w.stored
    if margin < 1 or not points:
        return -lost - w.futile_attack
    share = min(1.0, math.floor(margin) / points)
    damage = share * (worth(table, estate) - worth(table, without(estate, {target: kinds})))
    prisoners = min(math.floor(margin), len(kinds)) * w.captive
    # the change of the attacker's lead: hurting a king who is not the best other one does not
    # raise it (with two players it is the damage plus the prisoners minus the losses)
    values = worths(table)
    before = lead_of(values, seat)
    values[seat] += prisoners - lost
    values[defender] -= damage
    return lead_of(values, seat) - before
