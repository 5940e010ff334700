import { forgetTable, h, myTables, rememberTable } from "./util.js";
import { drawPlayerPanel, keyHeaders, playerKey } from "./playerkey.js";

// a line about each game for its card in the lobby (lengths are rough, for a first game)
const ABOUT = {
  balzakken: { line: "Hold 5 points or fewer, call BALZAK!, score low. A quick card game of nerve.", length: "about 20–40 min" },
  keezbord: { line: "Race your four pawns round the board and into your home, moved by playing cards; partners with 4 or 6.", length: "about 45–60 min" },
  balam: { line: "Maya kings build cities, wage wars and face the Katun cards, for prestige.", length: "about 60–90 min" },
};
// the bot that fills an empty seat unless the server names another (the "normal" level: the rules
// of thumb, as in the terminal)
const DEFAULT_BOT = "normal";

const gameSel = document.getElementById("game");
const playersSel = document.getElementById("players");
const seatsBox = document.getElementById("seats");
const optionsBox = document.getElementById("options");
let games = [];

function current() { return games.find((g) => g.name === gameSel.value); }

function fillPlayers() {
  const g = current();
  playersSel.replaceChildren(...g.player_counts.map((n) => h("option", { value: n }, String(n))));
  fillSeats(); fillOptions();
}

// a seat's bot: the levels by name first (easy, normal, hard, each said in a line below the
// seats), then every other bot spec under "other bots"
function botOptions(g) {
  const levels = g.levels.map((l) => l.name);
  const others = g.bots.filter((b) => !levels.includes(b));
  return [
    h("optgroup", { label: "bot level" }, ...g.levels.map((l) => h("option", { value: `bot:${l.name}`, title: l.about },
      `bot: ${l.name}${l.name === g.default_bot ? " (default)" : ""}`))),
    others.length ? h("optgroup", { label: "other bots" }, ...others.map((b) => h("option", { value: `bot:${b}` }, `bot: ${b}`))) : null,
  ];
}

function fillSeats() {
  const g = current();
  const n = Number(playersSel.value);
  const rows = [h("legend", {}, "Seats")];
  const fill = g.bots.includes(g.default_bot) ? g.default_bot : g.bots[0];
  for (let i = 0; i < n; i++) {
    const kind = h("select", { name: `seat-${i}`, "data-seat": i },
      h("option", { value: "human" }, i === 0 ? "you (this browser)" : "a friend (invite link)"),
      i > 0 ? h("option", { value: "open" }, "anyone (listed in open tables)") : null,
      ...botOptions(g));
    if (i > 0 && fill) kind.value = `bot:${fill}`;
    // seat 0 of a player (this browser keeps a player key) plays under the player's name
    const named = i === 0 && playerKey();
    const name = h("input", { name: `name-${i}`, "data-name": i, placeholder: named ? "your player" : "name (optional)",
      maxlength: 40, size: 12, disabled: !!named, title: named ? "you play as your player here" : null });
    rows.push(h("div", { class: "seat-row" }, h("span", {}, `Seat ${i}`), kind, name));
  }
  rows.push(h("ul", { class: "small levels", "data-testid": "levels" }, ...g.levels.map((l) =>
    h("li", { "data-level": l.name }, h("b", {}, l.name), l.name === g.default_bot ? " (default)" : "", `: ${l.about}`))));
  seatsBox.replaceChildren(...rows);
  drawAbout();
}

function drawAbout() {
  const g = current();
  const about = ABOUT[g.name];
  document.getElementById("about").replaceChildren(h("b", {}, g.title), ` · ${g.player_counts.join(", ")} players`,
    about ? ` · ${about.length}` : "", about ? h("div", { class: "small" }, about.line) : "",
    h("div", { class: "small" }, h("a", { href: `/rules/${g.name}`, target: "_blank" }, "rules")));
}

function fillOptions() {
  const g = current();
  optionsBox.replaceChildren(...g.options.map((o) => {
    let input;
    if (o.kind === "bool") {
      input = h("input", { type: "checkbox", name: `opt-${o.name}`, checked: !!o.default });
    } else if (o.choices) {
      input = h("select", { name: `opt-${o.name}` }, ...o.choices.map((c) => h("option", { value: c }, String(c))));
      input.value = o.default;
    } else {
      input = h("input", { name: `opt-${o.name}`, value: o.default ?? "", placeholder: o.nullable ? "default" : "",
        type: o.kind === "int" || o.kind === "float" ? "number" : "text",
        min: o.minimum ?? null, max: o.maximum ?? null, step: o.kind === "float" ? "any" : null });
    }
    input.dataset.option = o.name; input.dataset.kind = o.kind; input.dataset.default = JSON.stringify(o.default);
    return h("label", {}, `${o.name} `, input, h("span", { class: "small" }, ` ${o.help}`));
  }));
}

function readOptions() {
  const out = {};
  for (const el of optionsBox.querySelectorAll("[data-option]")) {
    const name = el.dataset.option;
    let v;
    if (el.type === "checkbox") v = el.checked;
    else if (el.value === "") continue;
    else if (el.dataset.kind === "int") v = parseInt(el.value, 10);
    else if (el.dataset.kind === "float") v = parseFloat(el.value);
    else v = el.value;
    if (JSON.stringify(v) !== el.dataset.default) out[name] = v;
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const seats = [...seatsBox.querySelectorAll("select")].map((sel, i) => {
    const name = seatsBox.querySelector(`[data-name="${i}"]`).value.trim() || null;
    if (sel.value === "human" || sel.value === "open") return { kind: sel.value, name };
    return { kind: "bot", bot: sel.value.slice(4), name };
  });
  const body = { game: gameSel.value, players: Number(playersSel.value), options: readOptions(), seats };
  const [mode, seconds, increment] = document.getElementById("clock").value.split(":");
  if (mode) body.clock = { mode, seconds: Number(seconds), increment: Number(increment ?? 0) };
  // with a player key, seat 0 (yours) is the player's, by name (js/playerkey.js)
  const asPlayer = playerKey() && seats[0].kind === "human";
  const res = await fetch(asPlayer ? "/api/players/me/tables" : "/api/tables", { method: "POST", headers: { "content-type": "application/json", ...(asPlayer ? keyHeaders() : {}) }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) {
    const d = data.detail;
    err.textContent = typeof d === "string" ? d : d?.message ?? JSON.stringify(d);
    return;
  }
  const list = document.getElementById("links");
  const title = current().title;
  // "you" is seat 0 when this browser kept it (the form's "you"); every other seat with a link,
  // seat 0 included when it was not kept, is a friend's invite link
  const keptSeat0 = seatsBox.querySelector("select[data-seat='0']").value === "human";
  const isMine = (s) => keptSeat0 && s.seat === 0;
  const mine = data.seats.find((s) => s.url && isMine(s));
  if (mine) rememberTable({ id: data.id, game: data.game, title, seat: mine.seat, url: mine.url });
  const items = data.seats.filter((s) => s.url).map((s) => h("li", {},
    h("b", {}, `Seat ${s.seat}${isMine(s) ? " (you)" : ""}: `),
    h("a", { href: s.url, class: "seat-link", "data-seat": s.seat }, isMine(s) ? "open my seat" : "invite link"),
    h("span", { class: "copy-row" }, h("input", { readonly: true, value: s.url, "aria-label": `seat ${s.seat}'s link`, onfocus: (e) => e.target.select() }),
      copyButton(s.url, `seat ${s.seat}'s link`))));
  for (const s of data.seats.filter((x) => x.kind === "human" && !x.url)) {
    items.push(h("li", {}, h("b", {}, `Seat ${s.seat}: `), "open to anyone (listed under Open tables)"));
  }
  items.push(h("li", {}, h("b", {}, "Spectators: "), h("a", { href: data.spectator_url }, data.spectator_url), " ",
    copyButton(data.spectator_url, "the spectators' link")));
  list.className = "links";
  list.replaceChildren(...items);
  const created = document.getElementById("created");
  created.hidden = false;
  // the links in view, at once: the form above them is done with
  created.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  created.querySelector("h2").focus({ preventScroll: true });
  drawMyTables();
  drawOpenTables();
}

// a button that copies `url` to the clipboard and says so
function copyButton(url, what) {
  const b = h("button", { type: "button", class: "copy", "data-copy": url, "aria-label": `copy ${what}` }, "copy");
  b.addEventListener("click", async () => {
    let ok = true;
    try { await navigator.clipboard.writeText(url); } catch {
      const input = b.parentElement.querySelector("input");  // (no clipboard here: select it to copy by hand)
      if (input) { input.focus(); input.select(); }
      ok = document.execCommand?.("copy") ?? false;
    }
    b.textContent = ok ? "copied ✓" : "select and copy";
    setTimeout(() => { b.textContent = "copy"; }, 2000);
  });
  return b;
}

// tables with a seat anyone may take (the creator marked it open): join one with a click
async function drawOpenTables() {
  const box = document.getElementById("open-tables");
  const res = await fetch("/api/open-tables").catch(() => null);
  if (!res || !res.ok) { box.replaceChildren(h("p", { class: "small" }, "The list of open tables could not be read.")); return; }
  const mine = new Set(myTables().map((t) => t.id));
  const tables = (await res.json()).filter((t) => !mine.has(t.id));
  if (!tables.length) { box.replaceChildren(h("p", { class: "small" }, "No table is waiting for players now. Open one with a seat for anyone.")); return; }
  box.replaceChildren(h("ul", { class: "my-tables" }, ...tables.map((t) => {
    const who = t.seats.filter((s) => !s.open).map((s) => s.kind === "bot" ? `bot ${s.bot}` : s.name ?? "a player").join(", ");
    return h("li", { "data-table": t.id },
      h("b", {}, t.title), ` · ${t.players} players · with ${who} `,
      ...t.open.map((seat) => h("button", { type: "button", class: "join", "data-table": t.id, "data-seat": seat,
        onclick: () => join(t, seat) }, `take seat ${seat}`)));
  })));
}

// finished games of public tables (made with a seat open to anyone), newest first, with replays
function seatName(s) {
  return s.kind === "bot" ? `bot ${s.bot ?? ""}`.trim() : s.name ?? `seat ${s.seat}`;
}

function resultText(g) {
  const o = g.outcome;
  if (!o) return "finished";
  const names = o.winners.map((w) => seatName(g.seats[w] ?? { kind: "human", seat: w }));
  const won = names.length > 1 ? `${names.join(" and ")} shared the win` : `${names[0]} won`;
  // each score after its seat's name: whether high or low is good depends on the game
  const scores = o.scores.map((score, i) => `${seatName(g.seats[i] ?? { kind: "human", seat: i })} ${score}`);
  return `${won} (${scores.join(", ")})`;
}

function ago(seconds) {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 90) return "just now";
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 129600) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
}

async function drawRecentGames() {
  const box = document.getElementById("recent-games");
  const res = await fetch("/api/recent-games").catch(() => null);
  if (!res || !res.ok) { box.replaceChildren(h("p", { class: "small" }, "The list of recent games could not be read.")); return; }
  const games = await res.json();
  if (!games.length) { box.replaceChildren(h("p", { class: "small" }, "No open table has finished a game yet.")); return; }
  box.replaceChildren(h("ul", { class: "my-tables recent" }, ...games.map((g) => h("li", { "data-table": g.id },
    h("b", {}, g.title), ` · ${g.seats.map(seatName).join(", ")} · `,
    h("span", { class: "result" }, resultText(g)), " ",
    h("span", { class: "small", title: new Date(g.finished_at * 1000).toLocaleString() }, ago(g.finished_at)), " ",
    h("a", { href: g.replay, class: "replay", "data-table": g.id }, "replay")))));
}

async function join(t, seat) {
  const err = document.getElementById("join-error");
  err.textContent = "";
  const name = document.getElementById("join-name").value.trim() || null;
  const res = await fetch(playerKey() ? `/api/players/me/tables/${encodeURIComponent(t.id)}/join` : `/api/tables/${encodeURIComponent(t.id)}/join`, {
    method: "POST", headers: { "content-type": "application/json", ...keyHeaders() }, body: JSON.stringify({ seat, name }) });
  const data = await res.json();
  if (!res.ok) { err.textContent = data.detail?.message ?? "the seat could not be taken"; drawOpenTables(); return; }
  rememberTable({ id: t.id, game: t.game, title: t.title, seat: data.seat, url: data.url });
  location.href = data.url;
}

// the tables this browser has a seat at, with what each is doing now
async function drawMyTables() {
  const list = myTables();
  const box = document.getElementById("my-tables");
  if (!list.length) { box.replaceChildren(h("p", { class: "small" }, "None yet: tables you open or join here are remembered in this browser.")); return; }
  const rows = await Promise.all(list.map(async (t) => {
    const res = await fetch(`/api/tables/${encodeURIComponent(t.id)}`).catch(() => null);
    if (!res || !res.ok) return null;  // expired
    const info = await res.json();
    const over = info.status === "over";
    const yourTurn = !over && info.to_move.includes(t.seat);
    return h("li", { class: yourTurn ? "your-turn" : null, "data-table": t.id },
      h("a", { href: t.url }, `${t.title ?? info.title} · seat ${t.seat}`), " ",
      h("span", { class: "small" }, over ? "finished" : yourTurn ? "your turn" : `move ${info.seq}`), " ",
      over ? h("a", { href: `/t/${encodeURIComponent(t.id)}/replay`, class: "small" }, "replay") : null, " ",
      h("button", { type: "button", class: "link small", onclick: () => { forgetTable(t.id); drawMyTables(); } }, "forget"));
  }));
  const kept = rows.filter(Boolean);
  box.replaceChildren(kept.length ? h("ul", { class: "my-tables" }, ...kept) : h("p", { class: "small" }, "Your tables have expired."));
}

async function main() {
  games = await (await fetch("/api/games")).json();
  gameSel.replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  gameSel.addEventListener("change", fillPlayers);
  playersSel.addEventListener("change", fillSeats);
  for (const g of games) {  // a server without levels: every bot is an "other bot"
    g.levels ??= [];
    g.default_bot ??= g.bots.includes(DEFAULT_BOT) ? DEFAULT_BOT : "heuristic";
  }
  fillPlayers();
  document.getElementById("new-table").addEventListener("submit", create);
  document.getElementById("open-refresh").addEventListener("click", drawOpenTables);
  document.getElementById("recent-refresh").addEventListener("click", drawRecentGames);
  drawMyTables();
  drawOpenTables();
  drawRecentGames();
  drawPlayerPanel(document.getElementById("player-panel"), fillSeats, games);
}
main();
