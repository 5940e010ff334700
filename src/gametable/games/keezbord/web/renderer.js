// Keezbord: the ring track with nests, starts and homes in SVG, your hand as cards.
// Play by clicking a card, then a pawn (a 7: pawn, steps, second pawn; a Jack: your pawn, then
// the other).  Only cards and pawns with a legal action are highlighted; anything else explains
// on hover (the server's `check`) why it cannot be played.  Every legal action stays available
// in a list below, as a fallback.
import { actionButton, h, s, seatName, wire } from "../util.js";

// whether the list of all legal actions is open (kept open from one drawing to the next)
let allLegalOpen = false;

const COLOURS = ["#d1242f", "#1f6feb", "#1a7f37", "#bf8700", "#8250df", "#d4571a"];
const LETTERS = "abcdef";
const pawnId = (seat, k) => `${LETTERS[seat]}${k + 1}`;

// the selection: card (index in the hand), first pawn, steps of a split 7
let sel = { card: null, pawn: null, steps: null, seq: -1 };

function reset(seq) { sel = { card: null, pawn: null, steps: null, seq }; }

// the card a legal action plays, from its JSON form (hand in: none)
const cardOf = (entry) => entry.json?.card ?? null;

// the legal actions grouped by card: { card: [entry...] }
function byCard(legal) {
  const out = {};
  for (const a of legal) {
    const c = cardOf(a);
    if (c) (out[c] ??= []).push(a);
  }
  return out;
}

const find = (acts, test) => acts.find((a) => test(a.json));

// what a click on `pawn` would do now: { act: entry } or { pick: "first" } or { unpick },
// or { check: JSON form } to ask the server about when it is not possible
function pawnChoice(ctx, acts, card, pawn, v) {
  if (card === null) return null;
  const me = v.plays_for?.[v.seat] ?? v.seat;
  const nestPawn = isNestPawn(v, pawn) && pawn[0] === LETTERS[me];
  if (card === "A" || card === "K") {
    const place = find(acts, (j) => j.kind === "place");
    if (nestPawn && place) return { act: place };
    if (nestPawn) return { check: { kind: "place", card } };
  }
  if (card === "J") {
    if (sel.pawn === null) {
      if (find(acts, (j) => j.mine === pawn)) return { pick: "first" };
      const other = acts[0]?.json.other ?? anyOtherPawn(v, pawn);
      return { check: { kind: "swap", card: "J", mine: pawn, other } };
    }
    if (pawn === sel.pawn) return { unpick: true };
    const swap = find(acts, (j) => j.mine === sel.pawn && j.other === pawn);
    return swap ? { act: swap } : { check: { kind: "swap", card: "J", mine: sel.pawn, other: pawn } };
  }
  if (card === "7") {
    if (sel.pawn === null) {
      const whole = find(acts, (j) => j.kind === "move" && j.pawn === pawn);
      const split = find(acts, (j) => j.kind === "split" && j.first === pawn);
      if (whole && !split) return { act: whole };
      if (whole || split) return { pick: "first" };
      return { check: { kind: "move", card: "7", pawn } };
    }
    if (pawn === sel.pawn) return { unpick: true };
    if (sel.steps === null) return null;
    const split = find(acts, (j) => j.kind === "split" && j.first === sel.pawn && j.first_steps === sel.steps && j.second === pawn);
    return split ? { act: split } : { check: { kind: "split", card: "7", first: sel.pawn, first_steps: sel.steps, second: pawn, second_steps: 7 - sel.steps } };
  }
  const move = find(acts, (j) => j.kind === "move" && j.pawn === pawn);
  return move ? { act: move } : { check: { kind: "move", card, pawn } };
}

function isNestPawn(v, pawn) {
  const seat = LETTERS.indexOf(pawn[0]);
  return v.pawns[seat]?.[Number(pawn[1]) - 1] === "N";
}

function anyOtherPawn(v, pawn) {
  const seat = LETTERS.indexOf(pawn[0]);
  const other = (seat + 1) % v.players;
  return pawnId(other, 0);
}

// an action to ask the server about (its JSON form) when a card has no legal action
function cardCheck(v, card) {
  const me = v.plays_for?.[v.seat] ?? v.seat ?? 0;
  const own = pawnId(me, 0);
  if (card === "A" || card === "K") return { kind: "place", card };
  if (card === "J") return { kind: "swap", card: "J", mine: own, other: pawnId((me + 1) % v.players, 0) };
  if (card === "7") return { kind: "move", card, pawn: own };
  return { kind: "move", card, pawn: own };
}

// ask the server why `action` (JSON form) is refused when the pointer rests on `el`; a click shows it
function explainOnHover(ctx, el, action) {
  const explain = async () => {
    const why = await ctx.check(action);
    el.setAttribute("data-why", why.text);
    let t = el.querySelector?.("title");
    if (el instanceof SVGElement) {
      if (!t) { t = s("title"); el.prepend(t); }
      t.textContent = why.text;
    } else el.title = why.text;
    return why;
  };
  el.addEventListener("mouseenter", explain);
  el.addEventListener("focus", explain);
  el.addEventListener("click", async (e) => { e.stopPropagation(); const why = await explain(); ctx.showWhy(why.text, why.rule); });
}

function ring(v, ctx, acts, card) {
  const L = v.track_length, R = 196, C = 240;
  const at = (i, r = R) => {
    const a = (i / L) * 2 * Math.PI - Math.PI / 2;
    return [C + r * Math.cos(a), C + r * Math.sin(a)];
  };
  const svg = s("svg", { viewBox: "0 0 480 480", class: "map keez", role: "img", "aria-label": "Keezbord board", id: "keez-board" });
  svg.append(s("circle", { cx: C, cy: C, r: R, fill: "none", stroke: "#d8d2c4", "stroke-width": 16 }));
  for (let i = 0; i < L; i++) {
    const [x, y] = at(i);
    const owner = v.starts.indexOf(i);
    svg.append(s("circle", { cx: x, cy: y, r: owner >= 0 ? 8.5 : 5, fill: owner >= 0 ? COLOURS[owner % 6] : "#fff",
      "fill-opacity": owner >= 0 ? 0.35 : 1, stroke: owner >= 0 ? COLOURS[owner % 6] : "#999", "stroke-width": owner >= 0 ? 2 : 1, "data-space": i },
    s("title", {}, owner >= 0 ? `space ${i}: start of seat ${owner}` : `space ${i}`)));
  }
  const nestXY = (start, k) => at(start + (k - 1.5) * 1.3, R + 26);
  const homeXY = (start, k) => at(start - 0.6, R - 27 - k * 23);
  v.starts.forEach((start, seat) => {
    const col = COLOURS[seat % 6];
    for (let k = 0; k < 4; k++) {
      const [nx, ny] = nestXY(start, k);
      svg.append(s("circle", { cx: nx, cy: ny, r: 10, fill: "#fff", stroke: col, "stroke-width": 1.5, "stroke-dasharray": "2 2" }, s("title", {}, `seat ${seat}'s nest`)));
      const [hx, hy] = homeXY(start, k);
      svg.append(s("rect", { x: hx - 9, y: hy - 9, width: 18, height: 18, rx: 3, fill: col, "fill-opacity": 0.12, stroke: col, "stroke-width": 1.5 }, s("title", {}, `seat ${seat}'s home H${k + 1}`)));
    }
    // the seat's label inside the ring, a few spaces after its start: clear of the track, the
    // nests outside it and the home column inside it
    const [lx, ly] = at(start + L / 16, R - 48);
    const who = ctx.info?.seats?.[seat]?.name;
    svg.append(s("text", { x: lx, y: ly + 4, "font-size": 13, fill: col, "font-weight": 700, "text-anchor": "middle", class: "seat-label", "data-seat": seat },
      `${LETTERS[seat]} · ${who ? who.slice(0, 12) : `seat ${seat}`}`, s("title", {}, seatName(ctx.info, seat))));
  });
  const mine = ctx.seat !== null && ctx.msg.to_move.includes(ctx.seat) && !ctx.msg.over;
  v.pawns.forEach((places, seat) => {
    const col = COLOURS[seat % 6];
    const start = v.starts[seat];
    places.forEach((p, k) => {
      let x, y;
      if (p === "N") [x, y] = nestXY(start, k);
      else if (typeof p === "string" && p.startsWith("H")) [x, y] = homeXY(start, Number(p.slice(1)) - 1);
      else [x, y] = at(Number(p));
      const id = pawnId(seat, k);
      const where = p === "N" ? "in the nest" : typeof p === "string" ? `home ${p}` : `on space ${p}`;
      const choice = mine ? pawnChoice(ctx, acts, card, id, v) : null;
      const clickable = choice && (choice.act || choice.pick || choice.unpick);
      const cls = ["pawn", clickable && !choice.unpick && "pick", sel.pawn === id && "chosen"].filter(Boolean).join(" ");
      const g = s("g", { class: cls, "data-pawn": id, "data-seat": seat, tabindex: clickable ? 0 : null, role: clickable ? "button" : null },
        s("title", {}, `pawn ${id} (seat ${seat}) ${where}`),
        s("circle", { cx: x, cy: y, r: 17, class: "hit", fill: "transparent" }),
        s("circle", { cx: x, cy: y, r: 11.5, fill: col, stroke: "#000", "stroke-width": 1.2, class: "body" }),
        s("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 12.5, fill: "#fff", "font-weight": 700, "pointer-events": "none" }, String(k + 1)));
      if (clickable) {
        const what = choice.act ? choice.act.text ?? choice.act.notation
          : choice.unpick ? "click again to choose another pawn" : `choose ${id}`;
        g.querySelector("title").textContent = `pawn ${id} (seat ${seat}) ${where}: ${what}`;
        const go = (e) => {
          e.stopPropagation();
          if (choice.act) { const a = choice.act; reset(sel.seq); ctx.act(wire(a)); return; }
          if (choice.unpick) { sel.pawn = null; sel.steps = null; }
          else if (choice.pick === "first") { sel.pawn = id; sel.steps = null; }
          ctx.showWhy(""); ctx.rerender();
        };
        g.addEventListener("click", go);
        g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") go(e); });
      } else if (choice?.check) {
        explainOnHover(ctx, g, choice.check);
      }
      svg.append(g);
    });
  });
  const top = v.played[v.played.length - 1];
  svg.append(s("text", { x: C, y: C - 52, "text-anchor": "middle", "font-size": 15 }, `deal ${v.deal} · deck ${v.deck_size}`),
    s("text", { x: C, y: C + 66, "text-anchor": "middle", "font-size": 12, fill: "#777" }, v.handed_in?.length ? `handed in: ${v.handed_in.map((x) => `seat ${x}`).join(", ")}` : ""));
  if (top) {  // the card last played, face up in the middle
    const card = s("g", { id: "keez-played", "data-card": top, class: "played-card" },
      s("title", {}, `last card played: ${cardLabel(top)}`),
      s("rect", { x: C - 24, y: C - 36, width: 48, height: 68, rx: 6, fill: "#fffdf7", stroke: "#555", "stroke-width": 1.5 }));
    const face = cardFace(top);
    for (const [k, val] of Object.entries({ x: C - 24, y: C - 36, width: 48, height: 68 })) face.setAttribute(k, val);
    face.setAttribute("color", "AKQJ".includes(top) ? "#b42318" : "#222");
    card.append(face);
    svg.append(card);
  }
  return svg;
}

// the cards as the rulebook names them ("Card Meanings"), each with what it does; the view gives
// ranks only (suits play no part in the rules), so a face shows its rank and a drawing of its move
const CARD = {
  A: ["Ace", "place or 1"], K: ["King", "place"], Q: ["Queen", "12 forward"], J: ["Jack", "swap"],
  10: ["Ten", "10 forward"], 9: ["Nine", "9 forward"], 8: ["Eight", "8 forward"], 7: ["Seven", "7, split"],
  6: ["Six", "6 forward"], 5: ["Five", "5 forward"], 4: ["Four", "4 back"], 3: ["Three", "3 forward"], 2: ["Two", "2 forward"],
};
const cardLabel = (card) => (CARD[card] ? `${CARD[card][0]}: ${CARD[card][1]}` : card);

// the drawing in the middle of a face: a crown (King, Queen), swap arrows (Jack), a pawn on its
// start (Ace), a backward arrow (Four), a fork (Seven), else the steps as an arrow
function emblem(card) {
  const ink = "currentColor";
  switch (card) {
    case "K": case "Q": return [s("path", { d: `M14 40 L12 ${card === "K" ? 24 : 28} L19 32 L24 20 L29 32 L36 ${card === "K" ? 24 : 28} L34 40 Z`, fill: ink })];
    case "J": return [s("path", { d: "M11 26 H34 l-5 -4 M37 36 H14 l5 4", fill: "none", stroke: ink, "stroke-width": 2.6, "stroke-linecap": "round" })];
    case "A": return [s("circle", { cx: 24, cy: 26, r: 6, fill: ink }), s("path", { d: "M16 40 Q24 30 32 40 Z", fill: ink })];
    case "4": return [s("path", { d: "M36 31 H13 l6 -5 M13 31 l6 5", fill: "none", stroke: ink, "stroke-width": 2.6, "stroke-linecap": "round" })];
    case "7": return [s("path", { d: "M12 31 H22 L34 23 M22 31 L34 39", fill: "none", stroke: ink, "stroke-width": 2.4, "stroke-linecap": "round" })];
    default: return [s("path", { d: "M12 31 H35 l-6 -5 M35 31 l-6 5", fill: "none", stroke: ink, "stroke-width": 2.4, "stroke-linecap": "round" })];
  }
}

export function cardFace(card) {
  return s("svg", { viewBox: "0 0 48 68", class: "kface", "aria-hidden": "true" },
    s("text", { x: 5, y: 14, "font-size": 13, "font-weight": 700, fill: "currentColor" }, card),
    s("text", { x: 43, y: 64, "font-size": 13, "font-weight": 700, fill: "currentColor", "text-anchor": "end" }, card),
    ...emblem(card),
    s("text", { x: 24, y: 54, "font-size": 7.5, "text-anchor": "middle", fill: "currentColor" }, CARD[card]?.[1] ?? ""));
}

function cardButton(card, i, { playable, selected, onclick }) {
  const red = card === "A" || card === "K" || card === "Q" || card === "J";
  return h("button", { type: "button", class: ["kcard", playable ? "playable" : "dim", selected && "selected", red && "face"].filter(Boolean).join(" "),
    "data-card": card, "data-index": i, "aria-pressed": selected ? "true" : "false", "aria-label": cardLabel(card), title: cardLabel(card), onclick }, cardFace(card));
}

// what moved between two messages (motion.js): the card played slides from the hand or seat that
// played it to the middle; a pawn walks its path along the track (backwards with a Four); a pawn
// placed comes from its nest, a hit pawn goes back to its nest, a swapped pair trade places
export function motions(before, after, info) {
  const mover = after.log?.[0]?.seat;
  if (mover === undefined) return [];
  const b = before.view, a = after.view;
  const me = info?.seat ?? null;
  const out = [];
  if (a.played.length > b.played.length) {
    const card = a.played[a.played.length - 1];
    out.push({ el: "#keez-played", from: mover === me ? `#hand [data-card='${card}']` : `.seatbox[data-seat='${mover}']` });
  }
  const L = a.track_length;
  a.pawns.forEach((places, seat) => places.forEach((now, k) => {
    const was = b.pawns[seat]?.[k];
    if (was === undefined || was === now) return;
    const el = `g.pawn[data-pawn='${pawnId(seat, k)}']`;
    if (typeof was === "number" && typeof now === "number") {
      const ahead = (now - was + L) % L;
      const back = ahead > L / 2;
      const n = back ? L - ahead : ahead;
      const path = [`[data-space='${was}']`];
      for (let i = 1; i < n; i++) path.push(`[data-space='${(was + (back ? -i : i) + L) % L}']`);
      out.push({ el, path });
    } else out.push({ el, from: el });  // (placed, sent home, into the home column, swapped)
  }));
  return out;
}

function prompt(v, card) {
  if (card === null) return "Click a highlighted card, then a pawn.";
  if (card === "J") return sel.pawn === null ? "Jack: click your pawn to swap…" : `Jack: ${sel.pawn} swaps with… (click the other pawn)`;
  if (card === "7") {
    if (sel.pawn === null) return "7: click a pawn (then choose how many steps it moves).";
    if (sel.steps === null) return `7: how many steps does ${sel.pawn} move?`;
    return `7: ${sel.pawn} moves ${sel.steps}; click the pawn that moves the other ${7 - sel.steps}.`;
  }
  if (card === "A" || card === "K") return `${card}: click a pawn in your nest to place it` + (card === "A" ? ", or a pawn on the track to move it 1." : ".");
  if (card === "4") return "4: click a pawn to move it 4 backwards.";
  return `${card}: click a pawn to move it.`;
}

export function render(root, ctx) {
  const v = ctx.msg.view;
  if (sel.seq !== ctx.msg.seq) reset(ctx.msg.seq);
  const mine = ctx.seat !== null && ctx.msg.to_move.includes(ctx.seat) && !ctx.msg.over;
  const hand = v.hand ?? [];
  const groups = mine ? byCard(ctx.msg.legal) : {};
  if (sel.card !== null && (sel.card >= hand.length || !groups[hand[sel.card]])) reset(ctx.msg.seq);
  const card = sel.card === null ? null : hand[sel.card];
  const acts = card === null ? [] : groups[card];

  const teamOf = (p) => (v.teams ?? []).findIndex((t) => t.includes(p));
  const seats = h("div", { class: "seats" }, ...v.hand_sizes.map((n, p) => h("div", {
    class: ["seatbox", v.to_move.includes(p) && "to-move", p === ctx.seat && "me"].filter(Boolean).join(" "), "data-seat": p },
  h("b", { style: `color:${COLOURS[p % 6]}` }, `${LETTERS[p]} · ${seatName(ctx.info, p)}`),
  h("div", { class: "small" }, `${n} card${n === 1 ? "" : "s"}`, v.teams?.length && v.teams[0].length > 1 ? ` · team ${teamOf(p) + 1} (seats ${v.teams[teamOf(p)].join(" & ")})` : "",
    v.plays_for[p] !== p ? ` · plays for seat ${v.plays_for[p]}` : "", v.handed_in?.includes(p) ? " · handed in" : ""))));
  const parts = [h("section", { class: "region board", "data-testid": "board" }, ring(v, ctx, acts, card))];
  const info = h("section", { class: "region info" }, seats);

  if (ctx.seat !== null) {
    const cards = hand.map((c, i) => {
      const playable = mine && !!groups[c];
      const btn = cardButton(c, i, { playable, selected: sel.card === i, onclick: playable ? () => {
        if (sel.card === i) reset(ctx.msg.seq); else sel = { card: i, pawn: null, steps: null, seq: ctx.msg.seq };
        ctx.showWhy(""); ctx.rerender();
      } : null });
      if (!playable) { btn.setAttribute("aria-disabled", "true"); explainOnHover(ctx, btn, cardCheck(v, c)); }
      return btn;
    });
    const controls = h("div", { class: "actions", id: "keez-controls" });
    if (mine) controls.append(h("span", { class: "small", id: "keez-prompt" }, prompt(v, card)));
    if (card === "7" && sel.pawn !== null && sel.steps === null) {
      const whole = find(acts, (j) => j.kind === "move" && j.pawn === sel.pawn);
      if (whole) controls.append(actionButton(ctx, `all 7 with ${sel.pawn}`, whole));
      for (let k = 1; k <= 6; k++) {
        const ok = acts.some((a) => a.json.kind === "split" && a.json.first === sel.pawn && a.json.first_steps === k);
        const b = h("button", { type: "button", class: ok ? "legal steps" : "illegal steps", "data-steps": k, "aria-disabled": ok ? null : "true" }, `${k} + ${7 - k}`);
        if (ok) b.addEventListener("click", () => { sel.steps = k; ctx.rerender(); });
        else b.title = `no pawn can move the other ${7 - k} steps after ${sel.pawn} moves ${k}`;
        controls.append(b);
      }
    }
    if (card === "7" && sel.steps !== null) controls.append(h("button", { type: "button", onclick: () => { sel.steps = null; ctx.rerender(); } }, "other split"));
    const place = (card === "A" || card === "K") && find(acts, (j) => j.kind === "place");
    if (place) controls.append(actionButton(ctx, `${card}: place a pawn`, place, { id: "place" }));
    if (card !== null) controls.append(h("button", { type: "button", onclick: () => { reset(ctx.msg.seq); ctx.showWhy(""); ctx.rerender(); } }, "cancel"));
    const handIn = ctx.msg.legal.find((a) => a.json?.kind === "hand_in");
    if (!ctx.msg.over) controls.append(actionButton(ctx, "Hand in (nothing can be played)", handIn ?? { kind: "hand_in" }, { id: "hand-in" }));
    parts.push(h("section", { class: "region hand panel me", "data-testid": "hand" }, h("h2", {}, `Your hand`, v.plays_for[ctx.seat] !== ctx.seat ? h("span", { class: "small" }, ` · you play for seat ${v.plays_for[ctx.seat]}`) : ""),
      h("div", { class: "cards", id: "hand" }, ...(cards.length ? cards : [h("span", { class: "small" }, "no cards")]))));
    const box = h("section", { class: "region controls panel", "data-testid": "controls" }, controls);
    if (ctx.msg.legal.length) {
      box.append(h("details", { id: "all-legal", open: allLegalOpen, ontoggle: (e) => { allLegalOpen = e.target.open; } }, h("summary", {}, `All legal actions (${ctx.msg.legal.length})`),
        h("div", { class: "actions" }, ...ctx.msg.legal.map((a) => actionButton(ctx, a.text || a.notation, a, { title: a.notation })))));
    }
    parts.push(box);
  }
  parts.push(info);
  root.replaceChildren(...parts);
}
