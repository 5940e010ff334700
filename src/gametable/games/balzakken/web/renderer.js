// Balzakken: your hand (click a card, then an action), the piles, the other seats, the score sheet.
import { actionButton, h, s, seatName } from "../util.js";

let selected = null;     // card text of the selected card
let dismissedRound = 0;

const NAMES = { S: "The Swinger", L: "The Lul", "-1": "Bruisbal", "11": "Blue Ball" };

function colour(card) {
  if (card === "S") return "#2e8b57";
  if (card === "L") return "#b42318";
  const v = Number(card);
  if (v < 0) return "#6f42c1";
  const hue = 210 - v * 17;
  return `hsl(${hue}, 60%, ${45 + (v % 3) * 4}%)`;
}

export function cardSvg(card, { small = false, playable = false, isSelected = false, onclick = null, back = false } = {}) {
  const cls = ["card", small && "small", playable && "playable", isSelected && "selected"].filter(Boolean).join(" ");
  const label = back ? "hidden card" : `${NAMES[card] ?? "Balzak"} ${card}`;
  const svg = s("svg", { viewBox: "0 0 64 92", class: cls, role: onclick ? "button" : "img", "aria-label": label,
    "data-card": back ? null : card, tabindex: onclick ? 0 : null },
    s("title", {}, label),
    s("rect", { class: "face", x: 2, y: 2, width: 60, height: 88, rx: 8, fill: back ? "#3b4a6b" : "#fffdf7", stroke: "#333", "stroke-width": 1.5 }));
  if (back) {
    svg.append(s("rect", { x: 9, y: 9, width: 46, height: 74, rx: 5, fill: "none", stroke: "#9fb0d6", "stroke-width": 2 }),
      s("text", { x: 32, y: 54, "text-anchor": "middle", "font-size": 20, fill: "#9fb0d6", "font-weight": 700 }, "B"));
  } else {
    svg.append(s("circle", { cx: 32, cy: 48, r: 21, fill: colour(card) }),
      s("text", { x: 32, y: 56, "text-anchor": "middle", "font-size": card.length > 1 ? 20 : 24, fill: "#fff", "font-weight": 700 }, card),
      s("text", { x: 8, y: 17, "font-size": 12, fill: "#333", "font-weight": 700 }, card));
  }
  if (onclick) {
    svg.addEventListener("click", onclick);
    svg.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") onclick(e); });
  }
  return svg;
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
  if (r.kind === "good") what = `a good call (${mine} points, every other hand higher)`;
  else if (r.kind === "false") {
    const beat = r.values.map((v, p) => (p !== r.caller && v <= mine ? `${seatName(info, p)} had ${v}` : null)).filter(Boolean);
    what = `a false call (${mine} points, but ${beat.join(" and ")})`;
  } else what = `an over-call (${mine} points, more than 5)`;
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
    h("div", {}, h("b", {}, seatName(ctx.info, p)), ` · ${v.scores[p]} pts`, p === v.dealer ? " · dealer" : ""),
    h("div", { class: "cards" }, ...known.map((c) => cardSvg(c, { small: true })),
      ...Array.from({ length: unknown }, () => cardSvg("?", { small: true, back: true }))),
    v.in_front[p].length ? h("div", { class: "small" }, "in front: ", ...v.in_front[p].map((c) => cardSvg(c, { small: true }))) : null);
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
  if (selected !== null && !hand.includes(selected)) selected = null;
  const playable = new Set(ctx.msg.legal.map(cardOf).filter(Boolean));
  const others = [];
  for (let p = 0; p < v.players; p++) if (p !== ctx.seat) others.push(seatBox(ctx, v, p));

  const top = v.discard_pile[v.discard_pile.length - 1];
  const piles = h("div", { class: "piles" },
    h("figure", {}, cardSvg("?", { back: true }), h("figcaption", {}, `draw pile: ${v.draw_pile_size}`)),
    h("figure", { id: "discard-top" }, top !== undefined ? cardSvg(top) : "", h("figcaption", {}, `discard pile: ${v.discard_pile.length}`)),
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
    parts.push(h("section", { class: "region hand panel me", "data-testid": "hand" }, h("h2", {}, `Your hand · ${v.hand_value} points`,
      v.in_front[ctx.seat].length ? h("span", { class: "small" }, ` · in front of you: ${v.in_front[ctx.seat].join(" ")}`) : ""),
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
