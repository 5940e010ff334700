// Keezbord: the ring track with nests and homes in SVG, your hand, your choices as buttons.
import { actionButton, h, s, seatName } from "../util.js";

const COLOURS = ["#d1242f", "#1f6feb", "#1a7f37", "#bf8700", "#8250df", "#d4571a"];

function ring(v) {
  const L = v.track_length, R = 200, C = 240;
  const at = (i, r = R) => {
    const a = (i / L) * 2 * Math.PI - Math.PI / 2;
    return [C + r * Math.cos(a), C + r * Math.sin(a)];
  };
  const svg = s("svg", { viewBox: "0 0 480 480", class: "map", role: "img", "aria-label": "Keezbord board" });
  svg.append(s("circle", { cx: C, cy: C, r: R, fill: "none", stroke: "#ccc", "stroke-width": 14 }));
  for (let i = 0; i < L; i++) {
    const [x, y] = at(i);
    const owner = v.starts.indexOf(i);
    svg.append(s("circle", { cx: x, cy: y, r: owner >= 0 ? 8 : 5, fill: owner >= 0 ? COLOURS[owner % 6] : "#fff",
      stroke: "#888", "stroke-width": 1, "data-space": i }, s("title", {}, `space ${i}`)));
  }
  v.starts.forEach((start, seat) => {
    const col = COLOURS[seat % 6];
    // nest outside the ring next to the start, home inside, leading in from just before the start
    for (let k = 0; k < 4; k++) {
      const [nx, ny] = at(start + (k - 1.5) * 0.9, R + 26);
      svg.append(s("circle", { cx: nx, cy: ny, r: 6, fill: "none", stroke: col, "stroke-width": 1.5 }));
      const [hx, hy] = at(start - 0.6, R - 26 - k * 20);
      svg.append(s("rect", { x: hx - 6, y: hy - 6, width: 12, height: 12, fill: "none", stroke: col, "stroke-width": 1.5 }));
    }
    const [lx, ly] = at(start + 3, R + 30);
    svg.append(s("text", { x: lx, y: ly, "font-size": 13, fill: col, "text-anchor": "middle" }, `seat ${seat}`));
  });
  v.pawns.forEach((places, seat) => {
    const col = COLOURS[seat % 6];
    const start = v.starts[seat];
    let nest = 0;
    places.forEach((p, k) => {
      let x, y;
      if (p === "N") [x, y] = at(start + (nest++ - 1.5) * 0.9, R + 26);
      else if (typeof p === "string" && p.startsWith("H")) [x, y] = at(start - 0.6, R - 26 - (Number(p.slice(1)) - 1) * 20);
      else [x, y] = at(Number(p));
      svg.append(s("circle", { cx: x, cy: y, r: 7.5, fill: col, stroke: "#000", "stroke-width": 1.2, class: "pawn", "data-seat": seat },
        s("title", {}, `seat ${seat} pawn ${k + 1}: ${p === "N" ? "nest" : p}`)));
    });
  });
  const top = v.played[v.played.length - 1];
  svg.append(s("text", { x: C, y: C - 6, "text-anchor": "middle", "font-size": 16 }, `deal ${v.deal} · deck ${v.deck_size}`),
    s("text", { x: C, y: C + 18, "text-anchor": "middle", "font-size": 14, fill: "#555" }, top ? `last card: ${top}` : ""));
  return svg;
}

export function render(root, ctx) {
  const v = ctx.msg.view;
  const seats = h("div", { class: "seats" }, ...v.hand_sizes.map((n, p) => h("div", {
    class: ["seatbox", v.to_move.includes(p) && "to-move", p === ctx.seat && "me"].filter(Boolean).join(" ") },
  h("b", { style: `color:${COLOURS[p % 6]}` }, seatName(ctx.info, p)), ` · ${n} cards`,
  v.plays_for[p] !== p ? ` · plays for seat ${v.plays_for[p]}` : "")));
  const parts = [seats, ring(v)];
  if (ctx.seat !== null) {
    parts.push(h("section", { class: "panel me" }, h("h2", {}, "Your hand: ", (v.hand ?? []).join("  ") || "—"),
      h("div", { class: "actions" }, ...ctx.msg.legal.map((a) => actionButton(ctx, a.text || a.notation, a.notation, { title: a.notation })))));
  }
  root.replaceChildren(...parts);
}
