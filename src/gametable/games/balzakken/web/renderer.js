// Balzakken: your hand (click a card, then an action), the piles, the other seats, the score sheet.
import { actionButton, h, s, seatName } from "../util.js";

let selected = null;     // card text of the selected card
let dismissedRound = 0;

// the cards as the rulebook names them ("Card Types"): Balzakken from -1 (the Bruisbal) to 11
// (the Blue Ball), and the action cards The Swinger and The Lul
const NAMES = { S: "The Swinger", L: "The Lul", "-1": "Bruisbal (-1)", "11": "Blue Ball (11)" };
const cardName = (card) => NAMES[card] ?? `Balzak ${card}`;

// a Balzak's ball colour: low (good) cards green, high (bad) ones red; the Bruisbal bruised
// purple, the Blue Ball blue
function colour(card) {
  const v = Number(card);
  if (v < 0) return "#6f42c1";
  if (v === 11) return "#1f5fd1";
  return `hsl(${130 - v * 12}, 55%, ${40 + (v % 2) * 5}%)`;
}

// a Balzak: a ball with its value, the value in two corners
function ballFace(card) {
  const c = colour(card);
  const big = card.length > 1 ? 19 : 23;
  return [
    s("circle", { cx: 32, cy: 47, r: 21, fill: c }),
    s("path", { d: "M14 40 Q32 30 50 40 M14 54 Q32 64 50 54", fill: "none", stroke: "#fff", "stroke-opacity": 0.45, "stroke-width": 2 }),
    s("circle", { cx: 25, cy: 39, r: 5, fill: "#fff", "fill-opacity": 0.35 }),
    s("text", { x: 32, y: 47 + big * 0.36, "text-anchor": "middle", "font-size": big, fill: "#fff", "font-weight": 700, stroke: "#0005", "stroke-width": 0.6 }, card),
    s("text", { x: 7, y: 16, "font-size": 12, fill: c, "font-weight": 700 }, card),
    s("text", { x: 57, y: 84, "font-size": 12, fill: c, "font-weight": 700, "text-anchor": "end" }, card),
  ];
}

// The Swinger: a swing on two ropes, and the arrows of a swap of hands
function swingerFace() {
  const g = "#2e8b57";
  return [
    s("rect", { x: 6, y: 6, width: 52, height: 80, rx: 6, fill: "#e8f5ec" }),
    s("path", { d: "M14 12 H50", stroke: "#6b4f2a", "stroke-width": 3, "stroke-linecap": "round" }),
    s("path", { d: "M20 12 L27 50 M44 12 L37 50", stroke: "#6b4f2a", "stroke-width": 1.6 }),
    s("rect", { x: 22, y: 49, width: 20, height: 4, rx: 1.5, fill: g }),
    s("path", { d: "M14 64 H46 l-5 -4 M50 74 H18 l5 4", fill: "none", stroke: g, "stroke-width": 2.6, "stroke-linecap": "round", "stroke-linejoin": "round" }),
    s("text", { x: 32, y: 86, "text-anchor": "middle", "font-size": 8, fill: g, "font-weight": 700 }, "SWINGER"),
  ];
}

// The Lul: a fool's face under a jester's cap, and the two cards its target draws
function lulFace() {
  const r = "#b42318";
  return [
    s("rect", { x: 6, y: 6, width: 52, height: 80, rx: 6, fill: "#fbeaea" }),
    s("path", { d: "M18 34 L14 14 L26 26 L32 10 L38 26 L50 14 L46 34 Z", fill: r }),
    s("circle", { cx: 14, cy: 13, r: 2.5, fill: "#f5c518" }), s("circle", { cx: 32, cy: 9, r: 2.5, fill: "#f5c518" }), s("circle", { cx: 50, cy: 13, r: 2.5, fill: "#f5c518" }),
    s("circle", { cx: 32, cy: 46, r: 13, fill: "#f7d7b5", stroke: "#7a4b2a", "stroke-width": 1 }),
    s("circle", { cx: 27, cy: 43, r: 1.8, fill: "#222" }), s("circle", { cx: 37, cy: 43, r: 1.8, fill: "#222" }),
    s("path", { d: "M26 50 Q32 55 38 50", fill: "none", stroke: "#222", "stroke-width": 1.5 }),
    s("rect", { x: 20, y: 63, width: 10, height: 14, rx: 2, fill: "#fff", stroke: r }), s("rect", { x: 33, y: 63, width: 10, height: 14, rx: 2, fill: "#fff", stroke: r }),
    s("text", { x: 32, y: 86, "text-anchor": "middle", "font-size": 8, fill: r, "font-weight": 700 }, "THE LUL"),
  ];
}

export function cardSvg(card, { small = false, playable = false, isSelected = false, onclick = null, back = false } = {}) {
  const cls = ["card", small && "small", playable && "playable", isSelected && "selected"].filter(Boolean).join(" ");
  const label = back ? "hidden card" : cardName(card);
  const svg = s("svg", { viewBox: "0 0 64 92", class: cls, role: onclick ? "button" : "img", "aria-label": label,
    "data-card": back ? null : card, tabindex: onclick ? 0 : null },
    s("title", {}, label),
    s("rect", { class: "face", x: 2, y: 2, width: 60, height: 88, rx: 8, fill: back ? "#3b4a6b" : "#fffdf7", stroke: "#333", "stroke-width": 1.5 }));
  if (back) {
    svg.append(s("rect", { x: 9, y: 9, width: 46, height: 74, rx: 5, fill: "none", stroke: "#9fb0d6", "stroke-width": 2 }),
      s("text", { x: 32, y: 54, "text-anchor": "middle", "font-size": 20, fill: "#9fb0d6", "font-weight": 700 }, "B"));
  } else {
    svg.append(...(card === "S" ? swingerFace() : card === "L" ? lulFace() : ballFace(card)));
  }
  if (onclick) {
    svg.addEventListener("click", onclick);
    svg.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") onclick(e); });
  }
  return svg;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// what moved between two messages (motion.js): the card laid on the discard pile or in front of
// a player slides there from the hand or seat that played it; a hand that changed is lit
export function motions(before, after, info) {
  const mover = after.log?.[0]?.seat;
  if (mover === undefined) return [];
  const b = before.view, a = after.view;
  const me = info?.seat ?? null;
  if (a.round !== b.round) return [{ el: "#round-summary", flash: true }];
  const from = (card) => (mover === me ? `#hand svg[data-card='${card}']` : `.seatbox[data-seat='${mover}']`);
  const out = [];
  const top = a.discard_pile[a.discard_pile.length - 1];
  if (a.discard_pile.length !== b.discard_pile.length || top !== b.discard_pile[b.discard_pile.length - 1]) {
    out.push({ el: "#discard-top svg.card", from: from(top) });
  }
  for (let p = 0; p < a.players; p++) {
    const front = a.in_front[p];
    if (front.length > b.in_front[p].length) {
      out.push({ el: `[data-front='${p}'] svg.card:last-of-type`, from: from(front[front.length - 1]) });
    }
    if (p !== mover && a.hand_sizes[p] !== b.hand_sizes[p]) out.push({ el: p === me ? "#hand" : `.seatbox[data-seat='${p}']`, flash: true });
  }
  return out;
}

// the card a legal action plays (from its JSON form), to highlight the playable cards
function cardOf(entry) {
  const j = entry.json ?? {};
  if (j.kind === "discard" || j.kind === "swap") return j.card;
  if (j.kind === "swinger") return "S";
  if (j.kind === "lul") return "L";
  return null;
}

// two JSON forms name the same action (whatever the order of their fields)
const same = (a, b) => !!a && !!b && Object.keys(a).length === Object.keys(b).length
  && Object.entries(b).every(([k, x]) => a[k] === x);

// every choice for the selected card, legal or not (the illegal ones explain themselves):
// [label, JSON form]
function choicesFor(ctx, card, hand, players) {
  const me = ctx.seat;
  const out = [];
  if (card === "S" || card === "L") {
    for (let t = 0; t < players; t++) {
      if (t === me) continue;
      out.push([`${card === "S" ? "Swinger" : "Lul"} → ${seatName(ctx.info, t)}`, { kind: card === "S" ? "swinger" : "lul", target: t }]);
    }
    return out;
  }
  const count = hand.filter((c) => c === card).length;
  out.push([`Discard ${card}`, { kind: "discard", card, count: 1, take_top: false }]);
  for (let k = 2; k <= Math.max(2, count); k++) {
    out.push([`Discard ${card} ×${k}`, { kind: "discard", card, count: k, take_top: false }]);
    out.push([`Discard ${card} ×${k}, take back the top`, { kind: "discard", card, count: k, take_top: true }]);
  }
  out.push([`Swap ${card} with the pile's top`, { kind: "swap", card }]);
  return out;
}

function actionsFor(ctx, card, hand, players) {
  return choicesFor(ctx, card, hand, players).map(([label, json]) => {
    const entry = ctx.msg.legal.find((a) => same(a.json, json));
    return actionButton(ctx, label, entry ?? json);
  });
}

// what a finished round was, in words (the log note and the summary's heading)
export function roundSentence(info, r) {
  const who = seatName(info, r.caller);
  const mine = r.values[r.caller];
  const written = r.points.map((pt, p) => `${seatName(info, p)} +${pt}`).join(", ");
  let what;
  if (r.kind === "good") what = `a good call (${plural(mine, "point")}, every other hand higher)`;
  else if (r.kind === "false") {
    const beat = r.values.map((v, p) => (p !== r.caller && v <= mine ? `${seatName(info, p)} had ${v}` : null)).filter(Boolean);
    what = `a false call (${plural(mine, "point")}, but ${beat.join(" and ")})`;
  } else what = `an over-call (${plural(mine, "point")}, more than 5)`;
  const tasty = r.tasty.length ? `; tasty: ${r.tasty.map((p) => `${seatName(info, p)} drops to ${r.totals[p]}`).join(", ")}` : "";
  return `Round ${r.round}: ${who} called BALZAK! — ${what}. Points written: ${written}${tasty}.`;
}

// a sentence for the log when a move ended a round (table.js puts it under the move)
export function logNote(before, msg, info) {
  const was = before?.view?.rounds?.length ?? 0;
  const rounds = msg.view.rounds;
  return rounds.length > was ? roundSentence(info, rounds[rounds.length - 1]) : null;
}

function seatBox(ctx, v, p) {
  const known = v.known_cards?.[String(p)] ?? [];
  const unknown = Math.max(0, v.hand_sizes[p] - known.length);
  return h("div", { class: ["seatbox", v.to_move.includes(p) && "to-move", p === ctx.seat && "me"].filter(Boolean).join(" "), "data-seat": p },
    h("div", {}, h("b", {}, seatName(ctx.info, p)), ` · ${plural(v.scores[p], "point")}`, p === v.dealer ? " · dealer" : ""),
    h("div", { class: "cards" }, ...known.map((c) => cardSvg(c, { small: true })),
      ...Array.from({ length: unknown }, () => cardSvg("?", { small: true, back: true }))),
    v.in_front[p].length ? h("div", { class: "small", "data-front": p }, "in front: ", ...v.in_front[p].map((c) => cardSvg(c, { small: true }))) : null);
}

function scoreSheet(ctx, v) {
  const head = h("tr", {}, h("th", {}, "round"), ...v.scores.map((_, p) => h("th", {}, `seat ${p}`)));
  const KIND = { good: "good call", false: "false call", overcall: "over-call" };
  const rows = v.rounds.map((r) => h("tr", {}, h("td", { title: roundSentence(ctx.info, r) }, `${r.round}: ${KIND[r.kind] ?? r.kind} by seat ${r.caller}`),
    ...r.points.map((pt, p) => h("td", { title: `hand ${r.hands[p].join(" ")} = ${r.values[p]}` }, `${pt >= 0 ? "+" : ""}${pt} → ${r.totals[p]}${r.tasty.includes(p) ? " ★" : ""}`))));
  const total = h("tr", { class: "total" }, h("td", {}, "total"), ...v.scores.map((sc) => h("td", {}, String(sc))));
  return h("details", { class: "panel", open: v.rounds.length > 0 }, h("summary", {}, h("b", {}, "Score sheet")),
    h("table", { class: "sheet" }, head, ...rows, total));
}

export function render(root, ctx) {
  const v = ctx.msg.view;
  const hand = v.hand ?? [];
  const mine = !ctx.msg.over && ctx.seat !== null && ctx.msg.to_move.includes(ctx.seat);
  if (selected !== null && (!hand.includes(selected) || !mine)) selected = null;  // (the turn passed)
  const playable = new Set(ctx.msg.legal.map(cardOf).filter(Boolean));
  const others = [];
  for (let p = 0; p < v.players; p++) if (p !== ctx.seat) others.push(seatBox(ctx, v, p));

  const top = v.discard_pile[v.discard_pile.length - 1];
  const piles = h("div", { class: "piles" },
    h("figure", { id: "draw-pile" }, cardSvg("?", { back: true }), h("figcaption", {}, `draw pile: ${plural(v.draw_pile_size, "card")}`)),
    h("figure", { id: "discard-top" }, top !== undefined ? cardSvg(top) : "", h("figcaption", {}, `discard pile: ${plural(v.discard_pile.length, "card")}`)),
    h("div", { class: "small" }, `Round ${v.round}`));

  const parts = [h("section", { class: "region board", "data-testid": "board" }, h("div", { class: "seats" }, ...others), piles)];
  if (ctx.seat !== null) {
    const handBox = h("div", { class: "cards", id: "hand" }, ...hand.map((c) => cardSvg(c, {
      playable: playable.has(c), isSelected: c === selected,
      onclick: () => { selected = selected === c ? null : c; ctx.showWhy(""); ctx.rerender(); },
    })));
    const actions = h("div", { class: "actions", id: "actions" });
    if (selected !== null) actions.append(...actionsFor(ctx, selected, hand, v.players));
    else if (!ctx.msg.over && ctx.msg.to_move.includes(ctx.seat)) actions.append(h("span", { class: "small" }, "Pick a card, then an action, or call BALZAK!"));
    const call = ctx.msg.legal.find((a) => a.json?.kind === "balzak");
    if (!ctx.msg.over) actions.append(actionButton(ctx, "BALZAK!", call ?? { kind: "balzak" }, { id: "balzak" }));
    parts.push(h("section", { class: "region hand panel me", "data-testid": "hand" }, h("h2", {}, `Your hand · ${plural(v.hand_value, "point")}`,
      v.in_front[ctx.seat].length ? h("span", { class: "small", "data-front": ctx.seat }, " · in front of you: ", ...v.in_front[ctx.seat].map((c) => cardSvg(c, { small: true }))) : ""),
    handBox));
    parts.push(h("section", { class: "region controls panel", "data-testid": "controls" }, actions));
  }
  parts.push(h("section", { class: "region info" }, scoreSheet(ctx, v)));
  root.replaceChildren(...parts);
}

export function summary(box, ctx) {
  const v = ctx.msg.view;
  const r = v.rounds[v.rounds.length - 1];
  if (!r || r.round <= dismissedRound) return;
  box.append(h("h2", {}, `Round ${r.round}: ${seatName(ctx.info, r.caller)} called BALZAK!`), h("p", {}, roundSentence(ctx.info, r)),
    h("table", { class: "sheet", id: "round-summary" },
      h("tr", {}, h("th", {}, "seat"), h("th", {}, "hand"), h("th", {}, "value"), h("th", {}, "points"), h("th", {}, "total")),
      ...r.hands.map((hand, p) => h("tr", {}, h("td", {}, seatName(ctx.info, p)), h("td", {}, hand.join(" ") || "—"),
        h("td", {}, String(r.values[p])), h("td", {}, String(r.points[p])), h("td", {}, `${r.totals[p]}${r.tasty.includes(p) ? " ★ tasty" : ""}`)))),
    ctx.msg.over ? "" : h("button", { type: "button", onclick: () => { dismissedRound = r.round; ctx.rerender(); } }, "OK"));
}
