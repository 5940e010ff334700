// High Card: the trick on the table, the other seats, your hand (click a card to play it).
// Reads the view's fields and the legal actions' JSON forms ({kind: "play", card: 7}), never notation.
import { actionButton, h, seatName } from "../util.js";

const CARD_STYLE = "display:inline-block;min-width:2em;text-align:center;padding:.6em .4em;border:1px solid #333;"
  + "border-radius:6px;background:#fffdf7;font-weight:700";

function cardBox(card, extra = {}) {
  return h("span", { class: "card hc-card", style: CARD_STYLE, "data-card": String(card), ...extra }, String(card));
}

function trickRow(ctx, cards) {
  if (!cards.length) return h("span", { class: "small" }, "no card yet");
  return h("div", { class: "cards" }, ...cards.map((p) =>
    h("figure", {}, cardBox(p.card), h("figcaption", {}, seatName(ctx.info, p.seat)))));
}

// a sentence for the log when a move took a trick (table.js puts it under the move)
export function logNote(before, msg, info) {
  const was = before?.view?.history?.length ?? 0;
  const history = msg.view.history;
  if (history.length <= was) return null;
  const last = history[history.length - 1];
  return `${seatName(info, last.winner)} takes the trick (${last.cards.map((p) => p.card).join(", ")}).`;
}

export function render(root, ctx) {
  const v = ctx.msg.view;
  const seats = [];
  for (let p = 0; p < v.players; p++) {
    seats.push(h("div", { class: ["seatbox", v.to_move.includes(p) && "to-move", p === ctx.seat && "me"].filter(Boolean).join(" "), "data-seat": p },
      h("b", {}, seatName(ctx.info, p)), ` · ${v.hand_sizes[p]} cards · ${v.tricks[p]} tricks`, p === v.leader ? " · leads" : ""));
  }
  const board = h("section", { class: "region board", "data-testid": "board" },
    h("div", { class: "seats" }, ...seats),
    h("h2", {}, `Trick ${v.history.length + 1}`), h("div", { id: "trick" }, trickRow(ctx, v.trick)));
  const parts = [board];
  if (ctx.seat !== null) {
    const byCard = new Map(ctx.msg.legal.map((a) => [a.json?.card, a]));
    const hand = (v.hand ?? []).map((c) => byCard.has(c)
      ? actionButton(ctx, String(c), byCard.get(c), { class: "legal hc-card", "data-card": String(c) })
      : cardBox(c));
    parts.push(h("section", { class: "region hand panel me", "data-testid": "hand" },
      h("h2", {}, "Your hand"), h("div", { class: "cards actions", id: "hand" }, ...hand)));
  }
  if (v.history.length) {
    const last = v.history[v.history.length - 1];
    parts.push(h("section", { class: "region info panel" }, h("h2", {}, `Last trick: ${seatName(ctx.info, last.winner)}`),
      trickRow(ctx, last.cards)));
  }
  if (v.outcome) parts.push(h("section", { class: "panel", id: "outcome" }, v.outcome.reason));
  root.replaceChildren(...parts);
}
