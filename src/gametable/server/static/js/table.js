// The table page: one WebSocket to the server, the seat's view drawn by the game's renderer
// (renderers/<game>.js, or renderers/generic.js), the log, turn banner, summaries and rematch.
import { h, seatName } from "./util.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("token");

const el = (id) => document.getElementById(id);
let info = null;       // welcome message: game, seat, seats
let last = null;       // newest update/sync
let lastSeq = -1;
let log = [];
let renderer = null;
let ws = null;
let nextId = 1;
// request ids unique across page loads: the server answers a repeated id with its first answer
const idPrefix = Math.random().toString(36).slice(2, 10);
const pending = new Map();   // id -> resolve
const checks = new Map();    // `${seq}|${notation}` -> Promise<text>
let retry = 500;

function send(msg) { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg)); }

function request(msg) {
  const id = `${idPrefix}-${nextId++}`;
  return new Promise((resolve) => { pending.set(id, resolve); send({ ...msg, id }); });
}

function explain(err) {
  if (!err) return "";
  const rule = err.rule ? ` [${err.rule.section}]` : "";
  return `${err.message}${rule}`;
}

function showWhy(text, rule) {
  const box = el("why");
  if (!text) { box.hidden = true; return; }
  box.replaceChildren(text);
  if (rule) box.append(h("a", { class: "rule", href: `/rules/${info.game}#${rule.id}`, target: "_blank" }, `rulebook: ${rule.section} (${rule.id})`));
  box.hidden = false;
}

const ctx = {
  get seat() { return info?.seat ?? null; },
  get info() { return info; },
  get msg() { return last; },
  legalSet: new Set(),
  async act(notation) {
    showWhy("");
    const reply = await request({ type: "act", action: notation, seq: lastSeq });
    if (reply.type === "refused") showWhy(explain(reply.error), reply.error.rule);
    return reply;
  },
  check(notation) {
    const key = `${lastSeq}|${notation}`;
    if (!checks.has(key)) {
      checks.set(key, request({ type: "check", action: notation })
        .then((r) => (r.legal ? { text: "legal", rule: null } : { text: explain(r.error), rule: r.error.rule })));
    }
    return checks.get(key);
  },
  showWhy,
  rerender() { draw(); },
};

async function loadRenderer(game) {
  try { return await import(`./renderers/${game}.js`); } catch (e) { console.warn("generic renderer for", game, e); }
  return import("./renderers/generic.js");
}

function drawTurn() {
  const t = el("turn");
  if (!last) return;
  if (last.over) {
    t.className = "turn"; t.textContent = "Game over";
  } else if (last.to_move.includes(info.seat)) {
    t.className = "turn mine"; t.textContent = last.to_move.length > 1 ? "Your decision (several players decide now)" : "Your turn";
  } else {
    t.className = "turn"; t.textContent = "Waiting for " + last.to_move.map((s) => seatName(info, s)).join(", ");
  }
}

function drawLog() {
  const ol = el("log");
  ol.replaceChildren(...log.map((e) => h("li", { value: e.n, class: e.seat === info.seat ? "mine" : null }, e.text)));
  ol.scrollTop = ol.scrollHeight;
}

function drawSummary() {
  const box = el("summary");
  box.replaceChildren();
  if (renderer?.summary) renderer.summary(box, ctx);
  if (last?.over) {
    const o = last.outcome;
    if (o) {
      box.append(h("h2", {}, "Game over"), h("p", {}, o.reason),
        h("p", {}, "Winner" + (o.winners.length > 1 ? "s: " : ": ") + o.winners.map((s) => seatName(info, s)).join(", ")),
        h("table", { class: "sheet" }, h("tr", {}, h("th", {}, "seat"), h("th", {}, "score"), h("th", {}, "place")),
          ...o.scores.map((sc, i) => h("tr", {}, h("td", {}, seatName(info, i)), h("td", {}, String(sc)), h("td", {}, String(o.ranking[i]))))));
    }
    if (info.seat !== null) {
      box.append(h("div", { class: "actions" }, h("button", { type: "button", class: "primary", id: "rematch",
        onclick: () => send({ type: "rematch" }) }, last.rematch ? "Go to the rematch" : "Rematch (same seats)"),
        h("a", { href: `/api/tables/${tableId}/record`, target: "_blank" }, "full record")));
    }
  }
}

function draw() {
  if (!last || !renderer) return;
  ctx.legalSet = new Set(last.legal.map((a) => a.notation));
  drawTurn();
  renderer.render(el("board"), ctx);
  drawSummary();
  drawLog();
}

function goRematch(id) {
  location.href = `/t/${id}` + (token ? `#token=${encodeURIComponent(token)}` : "");
  if (location.pathname.endsWith(id)) location.reload();
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      info = msg;
      el("title").textContent = `${msg.title} · table ${msg.table}`;
      el("me").textContent = msg.seat === null ? "watching" : `you are ${seatName(msg, msg.seat)}`;
      el("rules-link").href = `/rules/${msg.game}`;
      document.title = `${msg.title} · gametable`;
      break;
    case "presence":
      if (info) info.seats = msg.seats;
      break;
    case "sync":
      last = msg; lastSeq = msg.seq; log = msg.log; checks.clear(); draw();
      break;
    case "update":
      if (msg.seq <= lastSeq) break;
      if (msg.seq !== lastSeq + 1) { send({ type: "sync" }); break; }  // a gap: resync
      last = msg; lastSeq = msg.seq; log = log.concat(msg.log); checks.clear(); draw();
      break;
    case "rematch":
      goRematch(msg.rematch);
      break;
    case "error":
      showWhy(explain(msg.error));
      if (msg.error?.kind === "auth" || msg.error?.kind === "unknown") { retry = -1; el("conn").textContent = msg.error.message; }
      break;
  }
  if (msg.id && pending.has(msg.id)) { pending.get(msg.id)(msg); pending.delete(msg.id); }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  ws.onopen = () => { retry = 500; el("conn").textContent = "connected"; el("conn").className = "conn ok"; send({ type: "hello", token }); };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = () => {
    el("conn").className = "conn bad";
    if (retry < 0) return;
    el("conn").textContent = "reconnecting…";
    setTimeout(connect, retry); retry = Math.min(retry * 2, 8000);
  };
}

async function main() {
  el("spectate").href = `/t/${tableId}`;
  el("spectate").textContent = `${location.origin}/t/${tableId}`;
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
  if (!res.ok) { el("turn").textContent = "This table does not exist (or has expired)."; return; }
  const meta = await res.json();
  renderer = await loadRenderer(meta.game);
  connect();
}
main();
