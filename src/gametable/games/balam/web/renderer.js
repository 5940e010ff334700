// Balam: the map (sites with owner, production colour, features, buildings on plots, riches
// tokens, small pyramids), the king sheets, the score track, the Katun cards, your choices.
// Play on the map: click a plot to build there (then choose the building), your city then the
// enemy city to attack, a riches token then its destination building to move it (distribution,
// cenote offerings).  Only what is legal is highlighted; the rest explains on hover (`check`).
import { actionButton, h, s, seatName, wire } from "../util.js";

// whether the list of all legal actions is open (kept open from one drawing to the next)
let allLegalOpen = false;

const COLOURS = ["#d1242f", "#1f6feb", "#1a7f37", "#bf8700", "#8250df", "#d4571a"];
const RICH = { maize: "#e9c53d", cacao: "#7b4a2a", shell: "#f4d9cf", jade: "#2f9e6e", obsidian: "#262626", prisoner: "#9b2c2c" };
const TINT = { maize: "#faf0c8", cacao: "#ead9c9", shell: "#fbeee9", jade: "#d6efe3", obsidian: "#dedcda" };
const KINDS = ["village", "palace", "temple", "garrison", "reserve", "market", "observatory", "court"];
const LETTER = { village: "V", palace: "P", temple: "T", garrison: "G", reserve: "R", market: "M", observatory: "O", court: "C" };
const FEATURE_ICON = { seashore: "≈", volcano: "▲", cenote: "◎" };
const FEATURE_COLOUR = { seashore: "#1f6feb", volcano: "#b42318", cenote: "#0a7ea4" };

// the map drawn twice as large in a frame that scrolls (a phone: every plot a finger's size)
let zoomed = false;
let scrolled = [0, 0];  // where the larger map was scrolled to (kept from one drawing to the next)

// what moved between two messages (motion.js): a building or a pyramid that appeared is lit on
// its site, a riches token moved slides to its new building, the kings' markers move along the
// score track, a Katun card turned over is lit
export function motions(before, after) {
  if (after.log?.[0]?.seat === undefined) return [];
  const b = before.view, a = after.view;
  const out = [];
  for (const [id, site] of Object.entries(a.sites)) {
    const was = b.sites[id] ?? { buildings: [], owner: null };
    const then = plotsOf(was), now = plotsOf(site);
    for (const [plot, x] of Object.entries(now)) {
      const key = `${id}.${plot}`;
      const old = then[plot];
      if (!old || old.building !== x.building) out.push({ el: `g.plot[data-plot='${key}']`, flash: true });
      else if (x.riches && !old.riches) {
        const src = Object.entries(then).find(([q, y]) => y.riches === x.riches && !now[q]?.riches);
        out.push(src ? { el: `g.token-g[data-token='${key}']`, from: `g.token-g[data-token='${id}.${src[0]}']` }
          : { el: `g.token-g[data-token='${key}']`, flash: true });
      }
    }
    if (site.owner !== was.owner || JSON.stringify(site.pyramids ?? []) !== JSON.stringify(was.pyramids ?? [])) {
      out.push({ el: `g.site[data-site='${id}'] > rect.tile`, flash: true });
    }
  }
  a.kings.forEach((k, p) => {
    if (k.prestige !== b.kings[p]?.prestige) out.push({ el: `#score-track circle[data-seat='${p}']`, from: `#score-track circle[data-seat='${p}']` });
  });
  a.katun.cards.forEach((c, i) => {
    if (!c.face_down && b.katun.cards[i]?.face_down) out.push({ el: `button.katun[data-slot='${i}']`, flash: true });
  });
  return out;
}

// the current selection: a plot to build on, a riches token to move, an attacking city
let sel = { seq: -1, plot: null, token: null, src: null, dst: null };
const reset = (seq) => { sel = { seq, plot: null, token: null, src: null, dst: null }; };

// the legal actions (from their JSON forms), indexed by what is clicked
function index(legal) {
  const ix = { build: {}, remove: {}, attack: {}, move: {}, offer: {}, pick: {}, katun: {}, pay: {}, other: [] };
  for (const a of legal) {
    const j = a.json ?? {};
    const at = `${j.site}.${j.plot}`;
    switch (j.kind) {
      case "build": (ix.build[at] ??= []).push(a); break;
      case "remove": ix.remove[at] = a; break;
      case "attack": ((ix.attack[j.source] ??= {})[j.target] ??= []).push(a); break;
      case "move": (ix.move[at] ??= {})[`${j.to_site}.${j.to_plot}`] = a; break;
      case "offer": (ix.offer[at] ??= {})[j.cenote] = a; break;
      case "lose": case "destroy": case "pay_from": ix.pick[at] = a; break;
      case "katun": ix.katun[j.slot] = a; break;
      case "pay": ix.pay[j.riches] = a; break;
      default: ix.other.push(a);
    }
  }
  return ix;
}

// per plot of a site ("c3.1"), what stands there: { building, anchor, riches } (typed view fields)
function plotsOf(site) {
  const out = {};
  for (const b of site.buildings ?? []) {
    b.plots.forEach((p, i) => { out[p] = { building: b.building, anchor: i === 0, riches: b.riches[i] ?? null }; });
  }
  return out;
}

// the Katun cards: an icon per type, the name and effect in words
const CARD_ICON = { prosperous: "✦", favourable: "☀", exceptional: "★", expedition: "⚑", cacao_festival: "♨",
  marriage: "♥", cenotes: "◎", ball_game: "●", eclipse: "◐", drought: "☼", insurrection: "✊", earthquake: "≋",
  pochteca: "⚖", toltec_raid: "⚔", decadence: "☗", eruption: "▲", tidal_wave: "≈" };
const cardIcon = (c) => CARD_ICON[c.type] ?? "?";

// the board's sites with their places on the map (every Balam view carries its board)
const sitesOf = (v) => v.board.sites;

function explainOnHover(ctx, el, action) {
  const explain = async () => {
    const why = await ctx.check(action);
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
        clickable(g, () => { reset(sel.seq); ctx.act(wire(offerDests[t.id])); });
        g.classList.add("dest");
      } else if (sel.src && t.id !== sel.src) {
        if (targets[t.id]) {
          clickable(g, () => { sel.dst = t.id; ctx.rerender(); });
          g.classList.add("dest");
        } else explainOnHover(ctx, g, { kind: "attack", source: sel.src, target: t.id, garrisons: 1, obsidian: 0 });
      } else if (!sel.token && ix.attack[t.id]) {
        clickable(g, () => { if (sel.src === t.id) reset(sel.seq); else { reset(sel.seq); sel.src = t.id; } ctx.showWhy(""); ctx.rerender(); });
        g.classList.add("source");
      }
      if (sel.src === t.id) g.classList.add("chosen");
    }
    // plots
    const n = t.plots, PW = 22, gap = 3;
    const standing = plotsOf(site);
    const x0 = x + (W - (n * PW + (n - 1) * gap)) / 2, y0 = y + H - PW - 12;
    for (let p = 0; p < n; p++) {
      const key = `${t.id}.${p}`;
      const here = standing[p] ?? null;
      const empty = here === null;
      const kind = empty ? null : here.anchor ? here.building : "+";
      const riches = here?.riches ?? null;
      const px = x0 + p * (PW + gap);
      const pg = s("g", { class: "plot", "data-plot": key });
      const label = empty ? "empty plot" : here.anchor ? here.building : `second plot of the ${here.building} beside`;
      pg.append(s("title", {}, `${key}: ${label}${riches ? `, holding ${riches}` : ""}`));
      pg.append(s("rect", { class: "plot-box", x: px, y: y0, width: PW, height: PW, rx: 3,
        fill: empty ? "#fff" : owner !== null && owner !== undefined ? COLOURS[owner % 6] : "#6b5b3e",
        "fill-opacity": empty ? 0.9 : kind === "+" ? 0.45 : 0.85, stroke: "#7a6d52", "stroke-width": 1 }));
      if (kind) pg.append(s("text", { x: px + PW / 2, y: y0 + 15, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff", "pointer-events": "none" }, kind === "+" ? "+" : LETTER[kind] ?? "?"));
      if (mine) {
        const dest = sel.token && moveDests[key];
        if (dest) {
          clickable(pg, () => { reset(sel.seq); ctx.act(wire(dest)); });
          pg.classList.add("dest");
        } else if (sel.token && !empty && riches === null && sel.token !== key) {
          const [from, plotFrom] = sel.token.split(".");
          explainOnHover(ctx, pg, { kind: "move", site: from, plot: Number(plotFrom), to_site: t.id, to_plot: p });
        } else if (!sel.token && ix.pick[key]) {
          clickable(pg, () => { reset(sel.seq); ctx.act(wire(ix.pick[key])); });
        } else if (!sel.token && !sel.src && (ix.build[key] || ix.remove[key])) {
          clickable(pg, () => { const same = sel.plot === key; reset(sel.seq); if (!same) sel.plot = key; ctx.showWhy(""); ctx.rerender(); });
          if (sel.plot === key) pg.classList.add("chosen");
        } else if (!sel.token && !sel.src && empty) {
          explainOnHover(ctx, pg, { kind: "build", building: "village", site: t.id, plot: p });
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

function kingSheet(v, ctx, ix, mine, p) {
  const k = v.kings[p];
  const left = v.pyramids_left?.[p];
  const me = p === ctx.seat;
  const tokens = Object.keys(RICH).map((r) => {
    const n = k.riches[r] ?? 0;
    if (!n && !(me && ix.pay[r])) return null;
    const chip = h("span", { class: "chip", "data-riches": r, title: `${n} ${r} on the king sheet` },
      h("i", { style: `background:${RICH[r]}` }), `${n} ${r}`);
    if (me && mine && ix.pay[r]) {
      chip.classList.add("pick");
      chip.setAttribute("role", "button"); chip.setAttribute("tabindex", 0);
      chip.title = `${ix.pay[r].text} (click to pay)`;
      chip.addEventListener("click", () => ctx.act(wire(ix.pay[r])));
    }
    return chip;
  }).filter(Boolean);
  return h("div", { class: ["seatbox", v.to_move.includes(p) && "to-move", me && "me"].filter(Boolean).join(" "), "data-seat": p },
    h("div", {}, h("b", { style: `color:${COLOURS[p % 6]}` }, me ? "Your king sheet" : seatName(ctx.info, p)), ` · ${k.prestige} prestige`, p === v.current ? " · to play" : ""),
    h("div", { class: "chips" }, ...(tokens.length ? tokens : [h("span", { class: "small" }, "no riches")])),
    left ? h("div", { class: "small", title: "pyramids still in his supply: large ones mark cities, small ones commercial control" }, `pyramids left: ${left.large} large, ${left.small} small`) : null);
}

// my own sheet sits with the controls (paying is clicking it); the others with the info
function kingSheets(v, ctx, ix, mine, which) {
  const seats = v.kings.map((_, p) => p).filter((p) => (which === "mine") === (p === ctx.seat));
  if (!seats.length) return null;
  return h("div", { class: "seats", id: which === "mine" ? "kings" : "other-kings" }, ...seats.map((p) => kingSheet(v, ctx, ix, mine, p)));
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

// a Katun card in words: icon, name, and (on hover or tap) what it does
function cardFace(c) {
  return [h("b", { "aria-hidden": "true" }, cardIcon(c)), h("span", { class: "katun-name" }, c.name)];
}
const cardLine = (c) => `${cardIcon(c)} ${c.name}: ${c.effect}`;

function katunRow(v, ctx, ix, mine) {
  const k = v.katun;
  const cards = k.cards.map((rc) => {
    const i = rc.slot;
    const c = rc.card;
    const state = !rc.face_down ? "turned" : c ? "peeked" : "down";
    const el = h("button", { type: "button", class: `katun ${state}`, "data-slot": i, "data-type": c?.type ?? null },
      ...(c ? cardFace(c) : [h("b", {}, state === "turned" ? "✓" : "?"), h("span", {}, state === "turned" ? "turned over" : `card ${i + 1}`)]));
    const what = c ? `${state === "peeked" ? "You looked at this card: " : ""}${cardLine(c)}` : state === "turned" ? "already turned over this round" : "a face-down Katun card";
    el.title = what;
    const a = ix.katun[i];
    if (mine && a) {
      el.classList.add("legal");
      el.title = `${a.text} — ${what}`;
      el.addEventListener("click", () => ctx.act(wire(a)));
    } else {
      el.setAttribute("aria-disabled", "true");
      if (ctx.seat !== null) {  // (the referee's refusal names its rule, a turned card's too)
        const check = { kind: "katun", slot: i };
        el.addEventListener("mouseenter", async () => { el.title = `${what} — ${(await ctx.check(check)).text}`; });
        el.addEventListener("click", async () => { const w = await ctx.check(check); ctx.showWhy(`${what}. ${w.text}`, w.rule); });
      } else el.addEventListener("click", () => ctx.showWhy(what));
    }
    return el;
  });
  const last = k.discard_cards[k.discard_cards.length - 1];
  const inPlay = v.turn?.katun_card;
  const peeks = (k.peeked ?? []).map((n, q) => (n && q !== ctx.seat ? `${seatName(ctx.info, q)} looked at ${n}` : null)).filter(Boolean).join(", ");
  return h("div", { class: "katun-row" },
    h("div", { class: "small" }, `Katun cards of round ${v.round} · ${k.deck} left in the deck` +
      `${k.ball_games ? ` · ball games played: ${k.ball_games}` : ""}${k.eclipse ? " · the Eclipse is out: no more Clemency of Chaak" : ""}`),
    h("div", { class: "cards" }, ...cards),
    inPlay ? h("p", { class: "katun-now", id: "katun-in-play" }, h("b", {}, "In play: "), cardLine(inPlay))
      : last ? h("p", { class: "small", id: "katun-last" }, "Last turned: ", cardLine(last)) : null,
    peeks ? h("div", { class: "small" }, peeks) : null);
}

// the finished rounds: prestige by source, and the riches (not prestige) the round brought
function roundsTable(v, ctx) {
  const rounds = v.rounds ?? [];
  if (!rounds.length) return null;
  // where the round's prestige came from, named in one cell so that the table fits a side panel
  const sources = [
    ["ceremony", "temples"],
    ["cenote", "cenotes"],
    ["ball_game", "ball game"],
    ["prosperous", "Katun"],
    ["bonus", "riches bonus"],
  ];
  const gained = (x) => sources.filter(([key]) => x[key]).map(([key, label]) => `${label} +${x[key]}`).join(", ") || "—";
  const tokens = (o) => Object.entries(o ?? {}).filter(([, n]) => n).map(([r, n]) => `${n} ${r}`).join(", ");
  const riches = (x) => [x.chaak ? `Chaak: ${x.chaak} maize` : "", tokens(x.production) ? `produced: ${tokens(x.production)}` : ""]
    .filter(Boolean).join("; ") || "—";
  const head = h("tr", {}, h("th", {}, "round"), h("th", {}, "king"),
    h("th", { title: "prestige at the round's start and at its end" }, "prestige"),
    h("th", { title: "prestige from his temples (ceremony), sacrifices in the cenotes, ball games, Prosperous Katuns, and the riches bonus (final round only)" }, "from"),
    h("th", { title: "riches tokens the round put on his king sheet: maize from the Clemency of Chaak (none after the Eclipse) and what his villages produced" }, "riches gained"));
  // the king by his name alone (or his seat); the whole name, seat and bot included, on hover
  const king = (p) => h("td", { class: "king", style: `color:${COLOURS[p % 6]}`, title: seatName(ctx.info, p) },
    ctx.info?.seats?.[p]?.name || `seat ${p}`);
  const rows = rounds.slice().reverse().flatMap((r) => r.seats.map((x, p) => h("tr", { class: p === 0 ? "round-first" : null },
    p === 0 ? h("td", { rowspan: r.seats.length }, `${r.round}${r.eclipse ? " (eclipse)" : ""}${r.final ? " (final)" : ""}`) : null,
    king(p), h("td", { class: "prestige" }, `${x.score_before} → `, h("b", {}, String(x.score_after))),
    h("td", { class: "from" }, gained(x)), h("td", { class: "from" }, riches(x)))));
  return h("details", { class: "panel rounds", id: "balam-rounds", open: true }, h("summary", {}, h("b", {}, "Rounds")),
    h("div", { class: "sheet-wrap" }, h("table", { class: "sheet" }, head, ...rows)),
    h("p", { class: "small legend" }, "Prestige is the score; riches gained are tokens put on the king sheet, not points."));
}

function distributionText(v) {
  const d = v.distribution ?? { done: [], moved: [] };
  const done = d.done.map((x, q) => (x ? `seat ${q}` : null)).filter(Boolean).join(", ") || "nobody";
  return ` · done: ${done}` + (d.moved.length ? ` · moved: ${d.moved.join(" ")}` : "");
}

// the building standing on plot "c3.1", from the typed view
function buildingAt(v, key) {
  const [id, plot] = key.split(".");
  const site = v.sites[id];
  return site ? plotsOf(site)[Number(plot)]?.building ?? null : null;
}

//: how many of the game's latest events the side column lists
const EVENTS_SHOWN = 5;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : word.endsWith("s") ? "" : "s"}`;

// what a catastrophe takes, in words: "2 villages", "1 court and 1 observatory", "every city of
// yours by a volcano"
function lossText(card) {
  const c = card?.catastrophe;
  if (!c) return "buildings";
  if (c.cities) return `every city of yours ${c.cities === "volcano" ? "by a volcano" : "on the seashore"}`;
  return c.loses.map((b) => plural(b.count, b.building)).join(" and ");
}

// the label of a button for an action that is not a click on the map
function otherLabel(v, ctx, a) {
  const j = a.json ?? {};
  const c = v.turn?.katun_card?.catastrophe;
  switch (j.kind) {
    case "end": return "End the turn";
    case "done": return "Done";
    case "ward": return c ? `Ward it off: your Mayas pay ${c.count} ${c.mayas_pay}` : "Ward it off (the Mayas pay)";
    case "suffer": return `Suffer it: lose ${lossText(v.turn?.katun_card)}`;
    case "defend": return j.obsidian ? `Defend, spending ${j.obsidian} obsidian` : "Defend without obsidian";
    case "take": return j.offer === "prestige" ? `Take ${plural(v.turn?.katun_card?.prestige ?? 1, "prestige point")}` : `Take 1 ${j.offer}`;
    case "dowry": return `Take 1 ${j.riches} from ${seatName(ctx.info, j.seat)}`;
    default: return a.text || a.notation;
  }
}

// what the current decision is about, in a sentence
function prompt(v, ctx, ix) {
  const card = v.turn?.katun_card;
  if (sel.token) return `Moving the riches on ${sel.token}: click a highlighted building (or cenote).`;
  if (sel.src) return sel.dst ? `Attack ${sel.dst} from ${sel.src}: choose how many garrisons and how much obsidian to commit.` : `Attack from ${sel.src}: click the enemy city.`;
  if (sel.plot) return `Build on ${sel.plot}: choose the building.`;
  if (v.phase === "distribution") return "Distribution: click a riches token, then the building it goes to; Done when finished.";
  const picks = Object.entries(ix.pick);
  if (picks.length) {
    const what = [...new Set(picks.map(([key]) => buildingAt(v, key)).filter(Boolean))].join(" or ") || "building";
    const kinds = new Set(picks.map(([, a]) => a.json.kind));
    if (kinds.has("pay_from")) {
      const riches = card?.catastrophe?.mayas_pay ?? "riches";
      return `${card ? `The ${card.name}: your` : "Your"} Mayas pay ${plural(v.turn.ward || 1, riches)} — click the ${what} on the map whose ${riches} goes.`;
    }
    if (kinds.has("lose") && v.turn?.after === "destroy") {  // the war's skulls (BA-143), not a catastrophe
      const w = v.last_war;
      const skulls = w ? plural(w.skulls, "skull") : "a skull";
      return `Your attack rolled ${skulls}: choose the ${what} ${w ? `of ${w.source} ` : ""}you lose (click it on the map); then you destroy in ${w?.target ?? "the enemy city"}.`;
    }
    if (kinds.has("lose")) return `${card ? `The ${card.name}` : "The catastrophe"} takes ${lossText(card)}: choose which ${what} you lose (click it on the map).`;
    if (kinds.has("destroy")) return `War on ${v.turn.war?.target ?? "the city"}: choose the enemy ${what} to destroy (${v.turn.war ? plural(v.turn.war.points, "destruction point") : "some destruction points"} left).`;
    return `Click the highlighted ${what} on the map.`;
  }
  const kinds = new Set(ix.other.map((a) => a.json?.kind));
  if (kinds.has("ward") || kinds.has("suffer")) return `${card ? `${cardIcon(card)} ${card.name}: ${card.effect}.` : "A catastrophe."} Ward it off, or suffer it.`;
  if (kinds.has("take")) return `${card ? `${card.name}: ` : ""}take one of the riches offered, or the prestige.`;
  if (kinds.has("dowry")) return "Princely marriage: take one riches from another king's sheet (the dowry).";
  if (kinds.has("defend")) return `Your city ${v.turn.war?.target ?? ""} is attacked: spend obsidian to defend it, or not.`;
  if (Object.keys(ix.build).length || Object.keys(ix.attack).length) return "Click a highlighted plot to build, or your city then an enemy city to attack.";
  if (Object.keys(ix.pay).length) return v.phase === "cost" ? `Pay for the building: ${plural(v.turn.due, "riches")} still due (click a riches on your sheet).` : "Pay this turn's riches from your sheet (click it), or turn over a Katun card.";
  if (Object.keys(ix.katun).length) return "Turn over one of the round's Katun cards.";
  return "";
}

// the last war in words (view field last_war; its dice are last_roll; while the attacker is still
// destroying, turn.war counts what fell and the points left): who attacked whom from where, the
// two potentials and how they were made, who won, and what each side lost (BA-141..BA-153)
function lastWar(v, ctx) {
  const w = v.last_war;
  if (!w) return null;
  const who = (seat) => ctx.info?.seats?.[seat]?.name ?? `seat ${seat}`;
  const [att, dfn] = [who(w.attacker), who(w.defender)];
  const faces = v.last_roll?.length ? `Dice ${v.last_roll.join(" ")}` : "Dice";
  const points = w.attack - w.attack_obsidian;
  const lines = [
    `${att} attacked ${dfn}'s city ${w.target} from ${w.source} with ${plural(w.garrisons, "garrison")} and ${w.attack_obsidian || "no"} obsidian.`,
    `${faces}: attack ${w.attack} (${plural(points, "success point")} + ${w.attack_obsidian} obsidian) against defence ${w.defence} (${plural(w.defence_garrisons, "garrison")} + ${w.defence_obsidian} obsidian).`,
  ];
  const margin = w.attack - w.defence;
  const live = v.turn?.war && v.turn.war.target === w.target && v.turn.war.source === w.source ? v.turn.war : null;
  if (margin > 0) {
    lines.push(`${att}'s attack beat the defence by ${margin}: ${dfn} loses buildings of ${w.target} worth ${plural(margin, "destruction point")}, chosen by ${att} (a temple or palace takes 2; each building destroyed is a prisoner for ${att}).`);
    if (live) lines.push(`So far ${plural(live.destroyed, "building")} destroyed, ${plural(live.points, "point")} left.`);
  } else {
    lines.push(`${dfn} held ${w.target}: nothing destroyed.`);
  }
  lines.push(...warChanges(w, who));
  const lost = [w.skulls ? `${att} loses ${plural(w.skulls, "garrison")} to the ${w.skulls === 1 ? "skull" : "skulls"} (with any riches on ${w.skulls === 1 ? "it" : "them"})` : `no skull: ${att} loses no garrison`];
  if (w.attack_obsidian || w.defence_obsidian) lost.push(`the obsidian spent is gone (${att} ${w.attack_obsidian}, ${dfn} ${w.defence_obsidian})`);
  const text = lost.join("; ");
  lines.push(text[0].toUpperCase() + text.slice(1) + ".");
  return h("section", { class: "panel war", id: "balam-last-war", "data-testid": "last-war",
    title: "Attack = success points rolled + obsidian spent; defence = garrisons counted (the city's and the defender's adjacent cities') + obsidian spent; each skull costs the attacker a garrison" },
    h("h2", {}, live || v.turn?.attacked ? "War this turn" : "Last war"), ...lines.map((line) => h("p", { class: "small" }, line)));
}

// what the last war changed on the board (view fields winner, destroyed, lost, prisoners,
// prisoners_lost, devastated; absent from an older server's view): who won the war, each
// building destroyed or lost with its city, plot, owner and the riches and market pyramids that
// went with it, the prisoners taken or lost, the cities left to no one (BA-143..BA-159)
function warChanges(w, who) {
  if (!Array.isArray(w.destroyed)) return [];
  const building = (x) => {
    const extra = [...(x.riches ?? []).map((r) => `with its ${r}`), ...(x.pyramids ? [`and its ${plural(x.pyramids, "small pyramid")}`] : [])];
    return `${x.building} on ${x.site}.${x.plot}${extra.length ? ` ${extra.join(" ")}` : ""}`;
  };
  const out = [];
  if (w.winner !== null && w.winner !== undefined) out.push(`${who(w.winner)} won the war${w.destroyed.length ? "" : " (nothing destroyed)"}.`);
  else out.push("The war is still being fought: what fell so far is below.");
  if (w.destroyed.length) out.push(`Destroyed, ${who(w.destroyed[0].owner)}'s in ${w.target}: ${w.destroyed.map(building).join("; ")}.`);
  if (w.lost.length) out.push(`Lost to the skulls, ${who(w.lost[0].owner)}'s in ${w.source}: ${w.lost.map(building).join("; ")}.`);
  const held = (w.prisoners ?? []).map((p) => `${p.site}.${p.plot}`);
  if (held.length || w.prisoners_lost) {
    const parts = [];
    if (held.length) parts.push(`${plural(held.length, "prisoner")} taken onto ${held.join(", ")}`);
    if (w.prisoners_lost) parts.push(`${plural(w.prisoners_lost, "prisoner")} lost (no free garrison)`);
    out.push(`${who(w.attacker)}: ${parts.join("; ")}.`);
  }
  for (const site of w.devastated ?? []) out.push(`${site} lost its last building: it belongs to no one.`);
  return out;
}

export function render(root, ctx) {
  const v = ctx.msg.view;
  if (sel.seq !== ctx.msg.seq) reset(ctx.msg.seq);
  const mine = ctx.seat !== null && ctx.msg.to_move.includes(ctx.seat) && !ctx.msg.over;
  const ix = index(mine ? ctx.msg.legal : []);
  if (sel.token && !(ix.move[sel.token] || ix.offer[sel.token])) sel.token = null;
  if (sel.src && !ix.attack[sel.src]) sel.src = null;

  const status = h("p", { class: "small", id: "balam-status" }, `Round ${v.round} · phase ${v.phase} · ${seatName(ctx.info, v.current)} to play`,
    v.turn?.lock ? ` · building on ${v.turn.lock} this turn` : "", v.turn?.due ? ` · ${v.turn.due} riches due` : "",
    v.turn?.war ? ` · war ${v.turn.war.source} → ${v.turn.war.target}` : "",
    v.last_roll?.length ? ` · last roll ${v.last_roll.join(" ")}` : "",
    v.phase === "distribution" ? distributionText(v) : "",
    v.supply ? h("span", { class: "supply" }, " · supply ", ...Object.entries(v.supply).map(([r, n]) =>
      h("span", { class: "chip", title: `${n} ${r} in the supply` }, h("i", { style: `background:${RICH[r] ?? "#999"}` }), String(n)))) : "");
  const zoom = h("button", { type: "button", class: "zoom", id: "balam-zoom", "aria-pressed": String(zoomed),
    title: "draw the map twice as large (drag or scroll to move around it)",
    onclick: () => { zoomed = !zoomed; ctx.rerender(); } }, zoomed ? "− smaller map" : "+ larger map");
  const frame = h("div", { class: zoomed ? "map-frame zoomed" : "map-frame", id: "balam-map-frame" }, map(v, ctx, ix, mine));
  frame.addEventListener("scroll", () => { scrolled = [frame.scrollLeft, frame.scrollTop]; }, { passive: true });
  const parts = [h("section", { class: "region board", "data-testid": "board" }, zoom, frame)];
  const info = h("section", { class: "region info" });

  if (ctx.seat !== null && !ctx.msg.over) {
    const panel = h("section", { class: "region controls panel me", id: "balam-choices", "data-testid": "controls" }, h("h2", {}, mine ? "Your move" : "Your sheet"));
    const text = mine ? prompt(v, ctx, ix) : "";
    if (text) panel.append(h("p", { id: "balam-prompt" }, text));
    const row = h("div", { class: "actions", id: "balam-actions" });
    if (sel.plot) {
      const [site, plot] = sel.plot.split(".");
      const builds = Object.fromEntries((ix.build[sel.plot] ?? []).map((a) => [a.json.building, a]));
      for (const kind of KINDS) {
        row.append(actionButton(ctx, `${LETTER[kind]} ${kind}`, builds[kind] ?? { kind: "build", building: kind, site, plot: Number(plot) }, { "data-kind": kind }));
      }
      if (ix.remove[sel.plot]) row.append(actionButton(ctx, `remove ${sel.plot}`, ix.remove[sel.plot]));
    }
    if (sel.src && sel.dst) {
      for (const a of ix.attack[sel.src]?.[sel.dst] ?? []) {
        const g = a.json.garrisons, o = a.json.obsidian;
        row.append(actionButton(ctx, `${plural(g, "garrison")}, ${o} obsidian`, a));
      }
    }
    if (sel.plot || sel.token || sel.src) row.append(h("button", { type: "button", onclick: () => { reset(sel.seq); ctx.showWhy(""); ctx.rerender(); } }, "cancel"));
    for (const a of ix.other) row.append(actionButton(ctx, otherLabel(v, ctx, a), a));
    if (row.childNodes.length) panel.append(row);
    // while a choice on the map is under way (a plot, a token, an attack), the sheet and the
    // Katun cards step aside so the choice's buttons stay in view
    if (!(sel.plot || sel.token || sel.src)) panel.append(kingSheets(v, ctx, ix, mine, "mine"), katunRow(v, ctx, ix, mine));
    if (ctx.msg.legal.length) {
      panel.append(h("details", { id: "all-legal", open: allLegalOpen, ontoggle: (e) => { allLegalOpen = e.target.open; } }, h("summary", {}, `All legal actions (${ctx.msg.legal.length})`),
        h("div", { class: "actions" }, ...ctx.msg.legal.map((a) => actionButton(ctx, a.text || a.notation, a, { title: a.notation })))));
    }
    parts.push(panel);
  } else {
    info.append(h("div", { class: "panel" }, katunRow(v, ctx, ix, mine)));
  }
  // this turn's war comes first; an older one after the score track
  const war = lastWar(v, ctx);
  const fresh = war && (v.turn?.war || v.turn?.attacked);
  info.append(status, fresh ? war : "", kingSheets(v, ctx, ix, mine, "others"), scoreTrack(v), war && !fresh ? war : "");
  // the game's latest events in words (what a war destroyed, what a card did), newest last
  if (v.log?.length) info.append(h("ul", { class: "small events", id: "balam-events", "data-testid": "events" }, ...v.log.slice(-EVENTS_SHOWN).map((e) => h("li", {}, e))));
  const rt = roundsTable(v, ctx);
  if (rt) info.append(rt);
  info.append(h("p", { class: "small legend" }, "Tile colour: what the site produces · ≈ seashore · ▲ volcano · ◎ cenote · ",
    "V village · P palace · T temple · G garrison · R reserve · M market · O observatory · C court · + palace/temple's 2nd plot · big pyramid: city · small pyramids: commercial control"));
  parts.push(info);
  root.replaceChildren(...parts);
  if (zoomed) [frame.scrollLeft, frame.scrollTop] = scrolled;
}
