// Balam: the map of sites (owner, plots) in SVG, the kings' riches, the Katun row, your choices.
import { actionButton, h, s, seatName } from "../util.js";

const COLOURS = ["#d1242f", "#1f6feb", "#1a7f37", "#bf8700"];

function map(v) {
  const names = Object.keys(v.sites);
  const cols = [...new Set(names.map((n) => n[0]))].sort();
  const rows = [...new Set(names.map((n) => Number(n.slice(1))))].sort((a, b) => a - b);
  const W = 84, H = 72;
  const svg = s("svg", { viewBox: `0 0 ${cols.length * W + 20} ${rows.length * H + 20}`, class: "map", role: "img", "aria-label": "Balam map" });
  for (const name of names) {
    const site = v.sites[name];
    const x = 10 + cols.indexOf(name[0]) * W, y = 10 + rows.indexOf(Number(name.slice(1))) * H;
    const owner = site.owner;
    svg.append(s("rect", { x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 10, "data-site": name,
      fill: owner === null || owner === undefined ? "#efe9da" : COLOURS[owner % 4], "fill-opacity": owner === null || owner === undefined ? 1 : 0.35,
      stroke: "#8a7f66", "stroke-width": 1.5 }, s("title", {}, `${name}: ${JSON.stringify(site)}`)),
    s("text", { x: x + 10, y: y + 20, "font-size": 13, fill: "#444" }, name));
    (site.plots || []).forEach((p, i) => {
      svg.append(s("circle", { cx: x + 16 + i * 17, cy: y + H - 20, r: 6.5,
        fill: p === null ? "#fff" : "#6b5b3e", stroke: "#8a7f66" }, s("title", {}, p === null ? "empty plot" : String(p))));
    });
  }
  return svg;
}

export function render(root, ctx) {
  const v = ctx.msg.view;
  const kings = h("div", { class: "seats" }, ...v.kings.map((k, p) => h("div", {
    class: ["seatbox", v.to_move.includes(p) && "to-move", p === ctx.seat && "me"].filter(Boolean).join(" ") },
  h("b", { style: `color:${COLOURS[p % 4]}` }, seatName(ctx.info, p)), ` · prestige ${k.prestige}`,
  h("div", { class: "small" }, Object.entries(k.riches).map(([r, n]) => `${r} ${n}`).join(", ")))));
  const katun = h("p", { class: "small" }, `Round ${v.round} · phase ${v.phase} · Katun: ${v.katun.slots.join(" ")} · deck ${v.katun.deck}`,
    v.last_roll?.length ? ` · last roll ${v.last_roll.join(" ")}` : "");
  const parts = [kings, katun, map(v)];
  if (v.log?.length) parts.push(h("p", { class: "small" }, v.log[v.log.length - 1]));
  if (ctx.seat !== null && ctx.msg.legal.length) {
    parts.push(h("section", { class: "panel me" }, h("h2", {}, "Your choices"),
      h("div", { class: "actions" }, ...ctx.msg.legal.map((a) => actionButton(ctx, a.text || a.notation, a.notation, { title: a.notation })))));
  }
  root.replaceChildren(...parts);
}
