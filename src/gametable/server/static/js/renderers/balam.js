// Balam: the map (sites with owner, production colour, features, buildings on plots, riches
// tokens, small pyramids), the king sheets, the score track, the Katun cards, your choices.
// Play on the map: click a plot to build there (then choose the building), your city then the
// enemy city to attack, a riches token then its destination building to move it (distribution,
// cenote offerings).  Only what is legal is highlighted; the rest explains on hover (`check`).
import { actionButton, h, s, seatName } from "../util.js";

const COLOURS = ["#d1242f", "#1f6feb", "#1a7f37", "#bf8700", "#8250df", "#d4571a"];
const RICH = { maize: "#e9c53d", cacao: "#7b4a2a", shell: "#f4d9cf", jade: "#2f9e6e", obsidian: "#262626", prisoner: "#9b2c2c" };
const TINT = { maize: "#faf0c8", cacao: "#ead9c9", shell: "#fbeee9", jade: "#d6efe3", obsidian: "#dedcda" };
const KINDS = ["village", "palace", "temple", "garrison", "reserve", "market", "observatory", "court"];
const LETTER = { village: "V", palace: "P", temple: "T", garrison: "G", reserve: "R", market: "M", observatory: "O", court: "C" };
const FEATURE_ICON = { seashore: "≈", volcano: "▲", cenote: "◎" };
const FEATURE_COLOUR = { seashore: "#1f6feb", volcano: "#b42318", cenote: "#0a7ea4" };

// the current selection: a plot to build on, a riches token to move, an attacking city
let sel = { seq: -1, plot: null, token: null, src: null, dst: null };
const reset = (seq) => { sel = { seq, plot: null, token: null, src: null, dst: null }; };

// the legal actions, indexed by what is clicked
function index(legal) {
  const ix = { build: {}, remove: {}, attack: {}, move: {}, offer: {}, pick: {}, katun: {}, pay: {}, other: [] };
  for (const a of legal) {
    const n = a.notation;
    let m;
    if ((m = n.match(/^build (\w+) (\w+\.\d)$/))) (ix.build[m[2]] ??= []).push(a);
    else if ((m = n.match(/^remove (\w+\.\d)$/))) ix.remove[m[1]] = a;
    else if ((m = n.match(/^attack (\w+)>(\w+) \d \d$/))) ((ix.attack[m[1]] ??= {})[m[2]] ??= []).push(a);
    else if ((m = n.match(/^move (\w+\.\d)>(\w+\.\d)$/))) (ix.move[m[1]] ??= {})[m[2]] = a;
    else if ((m = n.match(/^offer (\w+\.\d)>(\w+)$/))) (ix.offer[m[1]] ??= {})[m[2]] = a;
    else if ((m = n.match(/^(?:lose|destroy|pay) (\w+\.\d)$/))) ix.pick[m[1]] = a;
    else if ((m = n.match(/^katun (\d)$/))) ix.katun[m[1]] = a;
    else if ((m = n.match(/^pay (\w+)$/))) ix.pay[m[1]] = a;
    else ix.other.push(a);
  }
  return ix;
}

// the board's sites: from view.board when the game sends it, else guessed from the names
function sitesOf(v) {
  if (v.board?.sites?.length) return v.board.sites;
  const names = Object.keys(v.sites);
  const cols = [...new Set(names.map((n) => n[0]))].sort();
  const rows = [...new Set(names.map((n) => Number(n.slice(1))))].sort((a, b) => a - b);
  return names.map((id) => ({ id, colour: null, plots: v.sites[id].plots.length, features: [], neighbours: [],
    x: cols.indexOf(id[0]), y: rows.indexOf(Number(id.slice(1))) }));
}

function explainOnHover(ctx, el, notation) {
  const explain = async () => {
    const why = await ctx.check(notation);
    el.setAttribute("data-why", why.text);
    let t = el.querySelector(":scope > title");
    if (!t) { t = s("title"); el.prepend(t); }
    t.textContent = why.text;
    return why;
  };
  el.addEventListener("mouseenter", explain);
  el.addEventListener("click", async (e) => { e.stopPropagation(); const why = await explain(); ctx.showWhy(why.text, why.rule); });
}

function clickable(el, fn) {
  el.classList.add("pick");
  el.setAttribute("tabindex", 0);
  el.setAttribute("role", "button");
  el.addEventListener("click", (e) => { e.stopPropagation(); fn(); });
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); fn(); } });
}

function pyramid(x, y, size, colour, title) {
  const w = size, hgt = size * 0.8;
  return s("path", { d: `M${x - w / 2},${y} L${x - w * 0.3},${y - hgt * 0.5} L${x - w * 0.15},${y - hgt * 0.5} L${x},${y - hgt} L${x + w * 0.15},${y - hgt * 0.5} L${x + w * 0.3},${y - hgt * 0.5} L${x + w / 2},${y} Z`,
    fill: colour, stroke: "#000", "stroke-width": 0.8 }, s("title", {}, title));
}

function map(v, ctx, ix, mine) {
  const sites = sitesOf(v);
  const W = 112, H = 100, PAD = 8;
  const maxX = Math.max(...sites.map((t) => t.x ?? 0)), maxY = Math.max(...sites.map((t) => t.y ?? 0));
  const svg = s("svg", { viewBox: `0 0 ${(maxX + 1) * W + 2 * PAD} ${(maxY + 1) * H + 2 * PAD}`, class: "map balam", id: "balam-map", role: "img", "aria-label": "Balam map" });
  const phase = v.phase;
  const byId = Object.fromEntries(sites.map((t) => [t.id, t]));
  // neighbour links, faint, under the tiles' edges
  for (const t of sites) for (const n of t.neighbours ?? []) {
    const o = byId[n];
    if (!o || o.id < t.id) continue;
    if (Math.abs(o.x - t.x) + Math.abs(o.y - t.y) === 1) continue;  // adjacent tiles touch anyway
    svg.append(s("line", { x1: PAD + t.x * W + W / 2, y1: PAD + t.y * H + H / 2, x2: PAD + o.x * W + W / 2, y2: PAD + o.y * H + H / 2, stroke: "#b9ad93", "stroke-dasharray": "4 3" }));
  }
  const offerDests = sel.token ? ix.offer[sel.token] ?? {} : {};
  const moveDests = sel.token ? ix.move[sel.token] ?? {} : {};
  const targets = sel.src ? ix.attack[sel.src] ?? {} : {};
  for (const t of sites) {
    const site = v.sites[t.id] ?? { owner: null, plots: [] };
    const x = PAD + t.x * W, y = PAD + t.y * H;
    const owner = site.owner;
    const g = s("g", { class: "site", "data-site": t.id });
    const feats = (t.features ?? []).join(", ");
    const pyr = site.pyramids ? site.pyramids.map((n, q) => n ? `seat ${q}: ${n} small pyramid${n > 1 ? "s" : ""}` : null).filter(Boolean).join("; ") : "";
    g.append(s("title", {}, `${t.id}${t.colour ? ` · produces ${t.colour}` : ""}${feats ? ` · ${feats}` : ""} · ${t.plots} plots` +
      `${owner === null || owner === undefined ? " · nobody's" : ` · city of seat ${owner}`}${pyr ? ` · ${pyr}` : ""}`));
    g.append(s("rect", { class: "tile", x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 10, fill: TINT[t.colour] ?? "#efe9da",
      stroke: owner === null || owner === undefined ? "#a89c80" : COLOURS[owner % 6], "stroke-width": owner === null || owner === undefined ? 1.5 : 4 }));
    if (t.colour) g.append(s("circle", { cx: x + 14, cy: y + 15, r: 6, fill: RICH[t.colour], stroke: "#555", "stroke-width": 0.8 }, s("title", {}, `produces ${t.colour}`)));
    g.append(s("text", { x: x + 24, y: y + 20, "font-size": 14, "font-weight": 700, fill: "#333" }, t.id));
    if (owner !== null && owner !== undefined) g.append(pyramid(x + 60, y + 23, 18, COLOURS[owner % 6], `city of seat ${owner} (large pyramid)`));
    (t.features ?? []).forEach((f, i) => {
      g.append(s("text", { x: x + W - 14 - i * 15, y: y + 21, "font-size": 15, "text-anchor": "middle", fill: FEATURE_COLOUR[f] ?? "#333", class: `feature ${f}` },
        FEATURE_ICON[f] ?? "?", s("title", {}, f)));
    });
    if (site.pyramids) {
      let k = 0;
      site.pyramids.forEach((n, q) => {
        if (!n) return;
        const px = x + 14 + k * 26, py = y + 44;
        g.append(pyramid(px, py, 11, COLOURS[q % 6], `seat ${q}: ${n} small pyramid${n > 1 ? "s" : ""}`),
          s("text", { x: px + 8, y: py - 1, "font-size": 10, fill: COLOURS[q % 6], "font-weight": 700 }, `×${n}`));
        k++;
      });
    }
    // the site as a whole: an attack's source or target, a cenote offering's destination
    if (mine) {
      if (sel.token && offerDests[t.id]) {
        clickable(g, () => { reset(sel.seq); ctx.act(offerDests[t.id].notation); });
        g.classList.add("dest");
      } else if (sel.src && t.id !== sel.src) {
        if (targets[t.id]) {
          clickable(g, () => { sel.dst = t.id; ctx.rerender(); });
          g.classList.add("dest");
        } else explainOnHover(ctx, g, `attack ${sel.src}>${t.id} 1 0`);
      } else if (!sel.token && ix.attack[t.id]) {
        clickable(g, () => { if (sel.src === t.id) reset(sel.seq); else { reset(sel.seq); sel.src = t.id; } ctx.showWhy(""); ctx.rerender(); });
        g.classList.add("source");
      }
      if (sel.src === t.id) g.classList.add("chosen");
    }
    // plots
    const n = t.plots, PW = 22, gap = 3;
    const x0 = x + (W - (n * PW + (n - 1) * gap)) / 2, y0 = y + H - PW - 12;
    for (let p = 0; p < n; p++) {
      const key = `${t.id}.${p}`;
      const text = site.plots[p] ?? null;
      const [kind, riches] = text === null ? [null, null] : text.split(":");
      const px = x0 + p * (PW + gap);
      const pg = s("g", { class: "plot", "data-plot": key });
      const label = text === null ? "empty plot" : kind === "+" ? "second plot of the palace/temple beside" : kind;
      pg.append(s("title", {}, `${key}: ${label}${riches ? `, holding ${riches}` : ""}`));
      pg.append(s("rect", { class: "plot-box", x: px, y: y0, width: PW, height: PW, rx: 3,
        fill: text === null ? "#fff" : owner !== null && owner !== undefined ? COLOURS[owner % 6] : "#6b5b3e",
        "fill-opacity": text === null ? 0.9 : kind === "+" ? 0.45 : 0.85, stroke: "#7a6d52", "stroke-width": 1 }));
      if (kind) pg.append(s("text", { x: px + PW / 2, y: y0 + 15, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff", "pointer-events": "none" }, kind === "+" ? "+" : LETTER[kind] ?? "?"));
      if (mine) {
        const dest = sel.token && moveDests[key];
        if (dest) {
          clickable(pg, () => { reset(sel.seq); ctx.act(dest.notation); });
          pg.classList.add("dest");
        } else if (sel.token && riches === undefined && sel.token !== key) {
          explainOnHover(ctx, pg, `move ${sel.token}>${key}`);
        } else if (!sel.token && ix.pick[key]) {
          clickable(pg, () => { reset(sel.seq); ctx.act(ix.pick[key].notation); });
        } else if (!sel.token && !sel.src && (ix.build[key] || ix.remove[key])) {
          clickable(pg, () => { const same = sel.plot === key; reset(sel.seq); if (!same) sel.plot = key; ctx.showWhy(""); ctx.rerender(); });
          if (sel.plot === key) pg.classList.add("chosen");
        } else if (!sel.token && !sel.src && text === null) {
          explainOnHover(ctx, pg, `build village ${key}`);
        }
      }
      if (riches) {
        const moved = v.phase === "distribution" && (v.distribution?.moved ?? []).includes(key);
        const tok = s("circle", { class: moved ? "token moved" : "token", cx: px + PW - 3, cy: y0 + 3, r: 6.5, fill: RICH[riches] ?? "#999", stroke: "#000", "stroke-width": 1, "data-token": key },
          s("title", {}, `${riches} on ${key}`));
        const tg = s("g", { class: "token-g", "data-token": key }, tok);
        if (mine && (ix.move[key] || ix.offer[key])) {
          clickable(tg, () => { const same = sel.token === key; reset(sel.seq); if (!same) sel.token = key; ctx.showWhy(""); ctx.rerender(); });
          if (sel.token === key) tg.classList.add("chosen");
        } else if (mine && phase === "distribution") {
          tg.append(s("title", {}, `${riches} on ${key}: it cannot move now (moved already, or nowhere to go)`));
        }
        pg.append(tg);
      }
      g.append(pg);
    }
    svg.append(g);
  }
  return svg;
}

function kingSheets(v, ctx, ix, mine) {
  return h("div", { class: "seats", id: "kings" }, ...v.kings.map((k, p) => {
    const left = v.pyramids_left?.[p];
    const me = p === ctx.seat;
    const tokens = Object.keys(RICH).map((r) => {
      const n = k.riches[r] ?? 0;
      if (!n && !(me && ix.pay[r])) return null;
      const chip = h("span", { class: "chip", "data-riches": r, title: `${r}: ${n}` },
        h("i", { style: `background:${RICH[r]}` }), `${n} ${r}`);
      if (me && mine && ix.pay[r]) {
        chip.classList.add("pick");
        chip.setAttribute("role", "button"); chip.setAttribute("tabindex", 0);
        chip.title = ix.pay[r].text;
        chip.addEventListener("click", () => ctx.act(ix.pay[r].notation));
      }
      return chip;
    }).filter(Boolean);
    return h("div", { class: ["seatbox", v.to_move.includes(p) && "to-move", me && "me"].filter(Boolean).join(" "), "data-seat": p },
      h("div", {}, h("b", { style: `color:${COLOURS[p % 6]}` }, seatName(ctx.info, p)), ` · ${k.prestige} prestige`, p === v.current ? " · current" : ""),
      h("div", { class: "chips" }, ...(tokens.length ? tokens : [h("span", { class: "small" }, "no riches")])),
      left ? h("div", { class: "small" }, `pyramids left: ${left.large} large, ${left.small} small`) : null);
  }));
}

function scoreTrack(v) {
  const scores = v.kings.map((k) => k.prestige);
  const top = Math.max(30, Math.ceil((Math.max(...scores) + 5) / 10) * 10);
  const W = 600, X0 = 16, X1 = W - 16, Y = 26;
  const xs = (n) => X0 + (X1 - X0) * (n / top);
  const svg = s("svg", { viewBox: `0 0 ${W} 48`, class: "track", id: "score-track", role: "img", "aria-label": "score track" });
  svg.append(s("line", { x1: X0, y1: Y, x2: X1, y2: Y, stroke: "#a89c80", "stroke-width": 3 }));
  for (let n = 0; n <= top; n += 5) {
    svg.append(s("line", { x1: xs(n), y1: Y - (n % 10 ? 4 : 7), x2: xs(n), y2: Y + (n % 10 ? 4 : 7), stroke: "#8a7f66" }));
    if (n % 10 === 0) svg.append(s("text", { x: xs(n), y: Y + 19, "font-size": 10, "text-anchor": "middle", fill: "#666" }, String(n)));
  }
  const seen = {};
  scores.forEach((sc, p) => {
    const k = seen[sc] = (seen[sc] ?? 0) + 1;
    svg.append(s("circle", { cx: xs(sc), cy: Y - 4 - (k - 1) * 9, r: 6, fill: COLOURS[p % 6], stroke: "#000", "data-seat": p },
      s("title", {}, `seat ${p}: ${sc} prestige`)));
  });
  return h("div", { class: "panel track-panel" }, h("div", { class: "small" }, "Prestige"), svg);
}

const cardName = (c) => c.replaceAll("_", " ").replace(":", ": ").replaceAll("/", " / ");

function katunRow(v, ctx, ix, mine) {
  const k = v.katun;
  const cards = k.slots.map((c, i) => {
    const face = c === "?" ? "?" : c === "turned" ? "turned" : c;
    const el = h("button", { type: "button", class: ["katun", c === "?" ? "down" : c === "turned" ? "turned" : "peeked"].join(" "), "data-slot": i },
      h("b", {}, c === "?" ? "?" : c === "turned" ? "✓" : "👁"), h("span", {}, c === "?" ? `card ${i}` : c === "turned" ? "turned over" : cardName(face)));
    const a = ix.katun[i];
    if (mine && a) {
      el.classList.add("legal");
      el.title = a.text;
      el.addEventListener("click", () => ctx.act(a.notation));
    } else {
      el.setAttribute("aria-disabled", "true");
      if (c !== "turned" && ctx.seat !== null) {
        el.addEventListener("mouseenter", async () => { el.title = (await ctx.check(`katun ${i}`)).text; });
        el.addEventListener("click", async () => { const w = await ctx.check(`katun ${i}`); el.title = w.text; ctx.showWhy(w.text, w.rule); });
      }
      if (c !== "?" && c !== "turned") el.title = `you have peeked at this card: ${face}`;
    }
    return el;
  });
  const last = k.discard[k.discard.length - 1];
  const peeks = (k.peeked ?? []).map((n, q) => (n && q !== ctx.seat ? `seat ${q} peeked at ${n}` : null)).filter(Boolean).join(", ");
  return h("div", { class: "panel katun-row" }, h("div", { class: "small" }, `Katun · round ${v.round} · deck ${k.deck}` +
    `${k.ball_games ? ` · ball games ${k.ball_games}` : ""}${k.eclipse ? " · Eclipse!" : ""}${last ? ` · last: ${cardName(last)}` : ""}` +
    `${v.turn?.card ? ` · in play: ${cardName(v.turn.card)}` : ""}`),
  h("div", { class: "cards" }, ...cards), peeks ? h("div", { class: "small" }, peeks) : null);
}

function roundsTable(v) {
  const rounds = v.rounds ?? [];
  if (!rounds.length) return null;
  const n = v.kings.length;
  const head = h("tr", {}, h("th", {}, "round"), ...Array.from({ length: n }, (_, p) => h("th", { style: `color:${COLOURS[p % 6]}` }, `seat ${p}`)));
  const rows = rounds.map((r) => h("tr", {}, h("td", {}, `${r.round}${r.eclipse ? " (eclipse)" : ""}${r.final ? " (final)" : ""}`),
    ...r.seats.map((x) => {
      const prod = Object.entries(x.production ?? {}).map(([k, c]) => `${c} ${k}`).join(", ");
      return h("td", { title: `ceremony ${x.ceremony}, cenote ${x.cenote}, ball game ${x.ball_game}, prosperous ${x.prosperous}, bonus ${x.bonus}, Chaak ${x.chaak}${prod ? `; produced ${prod}` : ""}` },
        `${x.score_before} → ${x.score_after}`);
    })));
  return h("details", { class: "panel" }, h("summary", {}, h("b", {}, "Rounds")), h("table", { class: "sheet" }, head, ...rows));
}

function distributionText(v) {
  const d = v.distribution ?? { done: [], moved: [] };
  const done = d.done.map((x, q) => (x ? `seat ${q}` : null)).filter(Boolean).join(", ") || "nobody";
  return ` · done: ${done}` + (d.moved.length ? ` · moved: ${d.moved.join(" ")}` : "");
}

function prompt(v, ix) {
  if (sel.token) return `Moving the riches on ${sel.token}: click a highlighted building (or cenote).`;
  if (sel.src) return sel.dst ? `Attack ${sel.dst} from ${sel.src}: commit garrisons and obsidian.` : `Attack from ${sel.src}: click the enemy city.`;
  if (sel.plot) return `Build on ${sel.plot}: choose the building.`;
  if (v.phase === "distribution") return "Distribution: click a riches token, then the building it goes to; Done when finished.";
  if (Object.keys(ix.build).length || Object.keys(ix.attack).length) return "Click a highlighted plot to build, or your city then an enemy city to attack.";
  if (Object.keys(ix.pay).length) return "Pay a riches from your sheet (click it), or turn over a Katun card.";
  if (v.turn?.ward && Object.keys(ix.pick).length) return "Your Mayas pay for the catastrophe: click the reserve or garrison whose riches goes.";
  if (Object.keys(ix.pick).length) return "Click the highlighted building to choose it.";
  if (Object.keys(ix.katun).length) return "Turn over a Katun card.";
  return "";
}

export function render(root, ctx) {
  const v = ctx.msg.view;
  if (sel.seq !== ctx.msg.seq) reset(ctx.msg.seq);
  const mine = ctx.seat !== null && ctx.msg.to_move.includes(ctx.seat) && !ctx.msg.over;
  const ix = index(mine ? ctx.msg.legal : []);
  if (sel.token && !(ix.move[sel.token] || ix.offer[sel.token])) sel.token = null;
  if (sel.src && !ix.attack[sel.src]) sel.src = null;

  const status = h("p", { class: "small", id: "balam-status" }, `Round ${v.round} · phase ${v.phase} · seat ${v.current} to play`,
    v.turn?.lock ? ` · turn's site ${v.turn.lock}` : "", v.turn?.due ? ` · ${v.turn.due} riches due` : "",
    v.turn?.war ? ` · war ${v.turn.war.source} → ${v.turn.war.target}` : "",
    v.last_roll?.length ? ` · last roll ${v.last_roll.join(" ")}` : "",
    v.phase === "distribution" ? distributionText(v) : "",
    v.supply ? h("span", { class: "supply" }, " · supply ", ...Object.entries(v.supply).map(([r, n]) =>
      h("span", { class: "chip", title: `${n} ${r} in the supply` }, h("i", { style: `background:${RICH[r] ?? "#999"}` }), String(n)))) : "");
  const parts = [kingSheets(v, ctx, ix, mine), scoreTrack(v), katunRow(v, ctx, ix, mine), status,
    h("div", { class: "map-wrap" }, map(v, ctx, ix, mine))];
  parts.push(h("p", { class: "small legend" }, "Tile colour: what the site produces · ≈ seashore · ▲ volcano · ◎ cenote · ",
    "V village · P palace · T temple · G garrison · R reserve · M market · O observatory · C court · + palace/temple's 2nd plot · big pyramid: city · small pyramids: commercial control"));
  if (v.log?.length) parts.push(h("p", { class: "small" }, v.log[v.log.length - 1]));

  if (ctx.seat !== null && !ctx.msg.over) {
    const panel = h("section", { class: "panel me", id: "balam-choices" }, h("h2", {}, mine ? "Your move" : "Your choices"));
    const text = mine ? prompt(v, ix) : "";
    if (text) panel.append(h("p", { class: "small", id: "balam-prompt" }, text));
    const row = h("div", { class: "actions", id: "balam-actions" });
    if (sel.plot) {
      const builds = Object.fromEntries((ix.build[sel.plot] ?? []).map((a) => [a.notation.split(" ")[1], a]));
      for (const kind of KINDS) row.append(actionButton(ctx, `${LETTER[kind]} ${kind}`, `build ${kind} ${sel.plot}`, { title: builds[kind]?.text ?? null, "data-kind": kind }));
      if (ix.remove[sel.plot]) row.append(actionButton(ctx, `remove ${sel.plot}`, ix.remove[sel.plot].notation));
    }
    if (sel.src && sel.dst) {
      for (const a of ix.attack[sel.src]?.[sel.dst] ?? []) {
        const [, , g, o] = a.notation.split(" ");
        row.append(actionButton(ctx, `${g} garrison${g > 1 ? "s" : ""}, ${o} obsidian`, a.notation, { title: a.text }));
      }
    }
    if (sel.plot || sel.token || sel.src) row.append(h("button", { type: "button", onclick: () => { reset(sel.seq); ctx.showWhy(""); ctx.rerender(); } }, "cancel"));
    for (const a of ix.other) row.append(actionButton(ctx, a.notation === "done" ? "Done" : a.notation === "end" ? "End the turn" : a.text || a.notation, a.notation, { title: a.notation }));
    if (row.childNodes.length) panel.append(row);
    if (ctx.msg.legal.length) {
      panel.append(h("details", { id: "all-legal" }, h("summary", {}, `All legal actions (${ctx.msg.legal.length})`),
        h("div", { class: "actions" }, ...ctx.msg.legal.map((a) => actionButton(ctx, a.text || a.notation, a.notation, { title: a.notation })))));
    }
    parts.push(panel);
  }
  const rt = roundsTable(v);
  if (rt) parts.push(rt);
  root.replaceChildren(...parts);
}
