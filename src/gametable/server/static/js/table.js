// The table page: one WebSocket to the server, the seat's view drawn by the game's renderer
// (renderers/<game>.js, or renderers/generic.js), the log, turn banner, summaries and rematch.
//
// Layout: the renderer fills #board with regions marked by data-testid ("board", "hand",
// "controls", and "info" for the rest); app.css places them so that board, hand and the
// controls of the current decision share one screen on a laptop and on a phone.
//
// Moves: each update is shown in turn, other seats' moves at the header's pace, animated as the
// renderer's `motions` say (motion.js); a move whose legal entry has a `caution` is played only
// once the player confirms it (the dialog #confirm).
import { h, seatName, rememberTable } from "./util.js";
import { offerSeat, playerKey } from "./playerkey.js";
import { installTips } from "./tips.js";
import { RulesChat } from "./rules-chat.js";
import { PACES, animating, measure, pace, play, setPace } from "./motion.js";
import { beep, confirmMove, drawSoundButton, toggleSound } from "./asking.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("token");

const el = (id) => document.getElementById(id);
let info = null;       // welcome message: game, seat, seats
let last = null;       // the update/sync on screen
let lastSeq = -1;
let newest = null;     // the newest update/sync received (later than `last` while moves wait to be shown)
let queue = [];        // updates received, not shown yet (other seats' moves are shown at the chosen pace)
let log = [];
let renderer = null;
let ws = null;
let nextId = 1;
// request ids unique across page loads: the server answers a repeated id with its first answer
const idPrefix = Math.random().toString(36).slice(2, 10);
const pending = new Map();   // id -> { resolve, reject }
const checks = new Map();    // `${seq}|${notation}` -> Promise<text>
let retry = 500;
let chatLines = [];          // chat messages received since the page opened, each after the move it followed
let lit = new Set();         // the log entries of the move just shown (lit while it is shown)

// A request the socket cannot carry now fails at once with this message (the page reconnects
// on its own; the player may try again then).
export const CLOSED = "not connected to the table (reconnecting); try again in a moment";

function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(msg));
  return true;
}

// Send `msg` with a fresh id; the promise resolves with the server's answer, and is rejected
// (Error(CLOSED)) if the socket is not open or closes before the answer comes.
function request(msg) {
  const id = `${idPrefix}-${nextId++}`;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    if (!send({ ...msg, id })) { pending.delete(id); reject(new Error(CLOSED)); }
  });
}

function failPending() {
  for (const { reject } of pending.values()) reject(new Error(CLOSED));
  pending.clear();
  checks.clear();  // a check that failed is asked again after the reconnection
}

function explain(err) {
  if (!err) return "";
  const rule = err.rule ? ` [${err.rule.section}]` : "";
  return `${err.message}${rule}`;
}

// The explanation box: fixed at the bottom of the screen, so a refusal is seen wherever the
// click happened.
// For a refused action (`attempt`: its JSON form or notation), a button asks the rules chat why.
function showWhy(text, rule, attempt = null) {
  const box = el("why");
  if (!text) { box.hidden = true; return; }
  box.replaceChildren(h("button", { type: "button", class: "link close", "aria-label": "close", onclick: () => { box.hidden = true; } }, "×"), text);
  if (rule && info) box.append(h("a", { class: "rule", href: `/rules/${info.game}#${rule.id}`, target: "_blank" }, `rulebook: ${rule.section} (${rule.id})`));
  if (attempt !== null && info?.seat !== null && rulesChat) {
    box.append(h("button", { type: "button", class: "link ask-why", onclick: () => { box.hidden = true; askWhy(attempt); } }, "ask the rules chat why"));
  }
  box.hidden = false;
}

// -- the turn clock (optional per table): time left to the seats deciding, who is away --------------
let clockAt = 0;     // when the newest clock figures came (performance.now())
let clockTimer = 0;
let skew = null;     // the server's wall clock less this browser's, in seconds (see noteClock)

// the seconds left to `seat`: from the server's deadline (`ends`, its wall clock) where it gives
// one, so that every browser shows the same second; else from the time the figures came
function secondsLeft(c, seat) {
  const end = c.ends?.[seat];
  if (end !== undefined && skew !== null) return end - (Date.now() / 1000 + skew);
  return c.left[seat] - (performance.now() - clockAt) / 1000;
}

function noteClock(c) {
  clockAt = performance.now();
  if (typeof c?.now === "number") {
    // The two clocks are taken to agree (browsers keep their clocks set), unless they differ by
    // more than any message's time on the way: then by the largest difference seen (the message
    // least delayed). (Each page measuring its own delay would put pages a second apart.)
    const k = c.now - Date.now() / 1000;
    if (Math.abs(k) > 3) skew = skew ? Math.max(skew, k) : k;  // a browser's clock clearly off
    else if (skew === null) skew = 0;
  }
}

function clockText(secs) {
  const s = Math.max(0, Math.ceil(secs));
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : `${s} s`;
}

function drawClock(t) {
  const c = last?.clock;
  clearTimeout(clockTimer);
  if (!c || last.over) return;
  const lefts = Object.keys(c.left).map((seat) => [seat, secondsLeft(c, seat)]);
  const parts = lefts.map(([seat, secs]) => `${seatName(info, Number(seat))} ${clockText(secs)}`);
  const span = h("span", { class: "clock", "data-testid": "clock",
    title: c.mode === "move" ? `${c.seconds} s per decision; when it runs out the heuristic bot plays for the seat until its player is back`
      : `a bank of ${c.seconds} s per player${c.increment ? `, +${c.increment} s a move` : ""}; when it runs out the heuristic bot plays for the seat until its player is back` },
    parts.length ? ` · time left: ${parts.join(" · ")}`
      : ` · clock: ${c.mode === "move" ? `${c.seconds} s a move` : `${clockText(c.seconds)} each`}`);
  t.append(span);
  const away = c.away.map((s) => (s === info?.seat ? "your seat" : seatName(info, s)));
  if (away.length) t.append(h("span", { class: "away" }, ` · played by the bot until back: ${away.join(", ")}`));
  if (info?.seat !== null && c.away.includes(info.seat)) {
    t.append(" ", backButton);
  }
  // the next drawing when the shown second changes (every browser turns it at the same moment)
  if (parts.length) {
    const next = Math.min(...lefts.map(([, secs]) => secs - Math.ceil(secs) + 1));
    clockTimer = setTimeout(() => drawTurn(), Math.max(50, Math.round(next * 1000) + 20));
  }
}

// (made once and moved into the banner at each drawing: the banner is redrawn every second while
// a clock runs, and a button replaced under a finger would lose the tap)
const undoButton = h("button", { type: "button", id: "take-back", "data-testid": "take-back", class: "take-back",
  title: "Take back your last move (allowed until something hidden is revealed or another player acts)",
  onclick: () => takeBack() }, "↶ Undo");
const backButton = h("button", { type: "button", id: "back", class: "take-back", onclick: () => send({ type: "back" }) }, "I'm back");

async function takeBack() {
  showWhy("");
  try {
    const reply = await request({ type: "take_back" });
    if (reply.type === "refused") showWhy(explain(reply.error), reply.error.rule);
  } catch (e) { showWhy(e.message); }
}

const ctx = {
  get seat() { return info?.seat ?? null; },
  get info() { return info; },
  get msg() { return last; },
  legalSet: new Set(),
  // play an action: its JSON form (legal[].json) or notation text; a move the game marks as
  // almost surely a mistake (its entry's `caution`) is played only once the player confirms it
  async act(action) {
    showWhy("");
    if (queue.length) {  // moves still waiting to be shown: show them, and play only what is still legal
      flush();
      if (!entryOf(action)) { showWhy("The table moved on while you chose: look again."); return { type: "refused", error: { kind: "stale" } }; }
    }
    const entry = entryOf(action);
    if (entry?.caution && !(await confirmMove(entry.caution))) return { type: "cancelled" };
    let reply;
    try {
      reply = await request({ type: "act", action, seq: lastSeq, takebacks: last?.takebacks ?? 0 });
    } catch (e) {
      showWhy(e.message);
      return { type: "refused", error: { kind: "closed", message: e.message } };
    }
    if (reply.type === "refused") showWhy(explain(reply.error), reply.error.rule, action);
    return reply;
  },
  // would `action` be legal?  { text, rule } (text "legal" when it is)
  check(action) {
    const key = `${lastSeq}|${JSON.stringify(action)}`;
    if (!checks.has(key)) {
      checks.set(key, request({ type: "check", action })
        .then((r) => (r.legal ? { text: "legal", rule: null } : { text: explain(r.error), rule: r.error.rule }))
        .catch((e) => { checks.delete(key); return { text: e.message, rule: null }; }));
    }
    return checks.get(key);
  },
  showWhy,
  rerender() { draw(); },
};

// the legal entry (of the move on screen) that `action` (JSON form or notation) names
const sameJson = (a, b) => !!a && !!b && typeof a === "object" && typeof b === "object"
  && Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, x]) => a[k] === x);
function entryOf(action) {
  return last?.legal.find((e) => e.notation === action || sameJson(e.json, action)) ?? null;
}

async function loadRenderer(game) {
  try { return await import(`./renderers/${game}.js`); } catch (e) { console.warn("generic renderer for", game, e); }
  return import("./renderers/generic.js");
}

// -- turn banner and background-tab notice ----------------------------------------------------------
const FAVICON_TURN = "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#f5a700'/></svg>");
let baseTitle = "gametable";
let wasMyTurn = false;  // (a tone, asking.js, only when the turn comes)

function myTurn() { return !!last && !last.over && info?.seat !== null && last.to_move.includes(info.seat); }

function drawTurn() {
  const t = el("turn");
  if (!last) return;
  if (last.over) {
    t.className = "turn"; t.textContent = "Game over";
  } else if (myTurn()) {
    t.className = "turn mine"; t.textContent = last.to_move.length > 1 ? "Your decision (several players decide now)" : "Your turn";
  } else {
    t.className = "turn"; t.textContent = "Waiting for " + last.to_move.map((s) => seatName(info, s)).join(", ");
  }
  drawClock(t);
  if (last.take_back) t.append(" ", undoButton);  // the game lets this seat take its last move back
  const turnNow = myTurn();
  if (turnNow && !wasMyTurn && document.hidden) beep();
  wasMyTurn = turnNow;
  document.title = (turnNow && document.hidden ? "● Your turn · " : "") + baseTitle;
  el("favicon").href = turnNow && document.hidden ? FAVICON_TURN : "data:,";
}
document.addEventListener("visibilitychange", () => drawTurn());

// -- log (with the renderer's notes: what a move led to) and chat -------------------------------------
const notes = new Map();  // log entry n -> sentence the renderer added after it
function notesKey() { return `gametable:notes:${tableId}`; }
function loadNotes() {
  try { for (const [n, text] of JSON.parse(sessionStorage.getItem(notesKey()) ?? "[]")) notes.set(n, text); } catch { /* no storage: notes live with the page */ }
}
function saveNotes() {
  try { sessionStorage.setItem(notesKey(), JSON.stringify([...notes])); } catch { /* no storage */ }
}

// the log's moves with the renderer's notes, and the chat lines each after the move it followed
// (a line said before any move first; one that followed a move not shown yet, last)
function drawLog() {
  const ol = el("log");
  const items = [];
  const chat = (c) => h("li", { class: c.event ? "chat-line event" : "chat-line", "data-after": c.after }, h("b", {}, `${c.from}: `), c.text);
  const shown = new Set(log.map((e) => e.n));
  for (const c of chatLines) if (c.after < 0) items.push(chat(c));
  for (const e of log) {
    items.push(h("li", { value: e.n, "data-n": e.n, class: [e.seat === info.seat && "mine", lit.has(e.n) && "lit"].filter(Boolean).join(" ") || null }, e.text));
    if (notes.has(e.n)) items.push(h("li", { class: "note", value: e.n }, notes.get(e.n)));
    for (const c of chatLines) if (c.after === e.n) items.push(chat(c));
  }
  for (const c of chatLines) if (c.after >= 0 && !shown.has(c.after)) items.push(chat(c));
  ol.replaceChildren(...items);
  ol.scrollTop = ol.scrollHeight;
}

// the newest move received (chat lines are placed after it)
function newestMove() {
  const l = newest?.log?.length ? newest.log : log;
  return l.length ? l[l.length - 1].n : -1;
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
    const links = [h("a", { href: `/t/${encodeURIComponent(tableId)}/replay`, id: "replay-link" }, "replay"),
      h("a", { href: `/api/tables/${tableId}/record`, target: "_blank" }, "full record"),
      playerKey() && info.seat !== null ? h("a", { href: "/me", "data-testid": "my-rating" }, "my page and rating") : null];
    box.append(h("div", { class: "actions" }, info.seat !== null ? h("button", { type: "button", class: "primary", id: "rematch",
      onclick: () => send({ type: "rematch" }) }, last.rematch ? "Go to the rematch" : "Rematch (same seats)") : null, ...links));
  }
}

function draw() {
  if (!last || !renderer) return;
  ctx.legalSet = new Set(last.legal.map((a) => a.notation));
  drawTurn();
  renderer.render(el("board"), ctx);
  drawSummary();
  drawLog();
  if (chatOpen()) placeDrawer();
}

// -- showing moves: one at a time, other seats' moves at the chosen pace, each animated ------------
let showing = false;
let shownAt = 0;      // when the last move was shown (performance.now())
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function byOthers(msg) { return msg.log.some((e) => e.seat !== info?.seat); }

// show one update: its log lit, its note, the board drawn, what moved animated (when it may be)
function show(msg, { animate = true } = {}) {
  const before = last;
  let motions = [];
  if (animate && animating() && renderer?.motions && before) {
    try { motions = measure(renderer.motions(before, msg, info) ?? []); } catch (e) { console.warn("motions", e); }
  }
  last = msg; lastSeq = msg.seq; log = log.concat(msg.log); checks.clear();
  lit = new Set(msg.log.map((e) => e.n));
  const note = renderer?.logNote?.(before, msg, info);
  if (note && msg.log.length) { notes.set(msg.log[msg.log.length - 1].n, note); saveNotes(); }
  draw();
  shownAt = performance.now();
  return motions.length ? play(motions, PACES[pace()].slide) : Promise.resolve();
}

// show the waiting updates in order: another seat's move waits until the one before has been
// on screen for the pace's gap; in a hidden tab everything is shown at once
async function pump() {
  if (showing) return;
  showing = true;
  try {
    while (queue.length) {
      const msg = queue[0];
      if (!document.hidden && byOthers(msg)) {
        const wait = shownAt + PACES[pace()].gap - performance.now();
        if (wait > 0) await sleep(wait);
      }
      if (queue[0] !== msg) continue;  // flushed or resynced meanwhile
      queue.shift();
      const moved = show(msg);
      if (!document.hidden && pace() !== "fast") await moved;  // (fast: the next move may cut it short)
    }
  } finally { showing = false; }
}

// show every waiting update at once (the player acts: the table as it stands now)
function flush() {
  while (queue.length) show(queue.shift(), { animate: false });
}
document.addEventListener("visibilitychange", () => { if (document.hidden) flush(); });

function goRematch(id) {
  location.href = `/t/${id}` + (token ? `#token=${encodeURIComponent(token)}` : "");
  if (location.pathname.endsWith(id)) location.reload();
}

// -- pages that are not a table: no such table, a key that opens no seat ------------------------------
function stopWith(message, ...extra) {
  retry = -1;
  el("conn").textContent = "not connected"; el("conn").className = "conn bad";
  el("turn").className = "turn problem";
  el("turn").replaceChildren(h("span", {}, message), ...extra);
  el("board").replaceChildren();
  for (const id of ["log-panel", "rules-link", "ask-open", "ask-panel"]) el(id).hidden = true;
}

function noSuchTable() {
  document.title = "No such table · gametable";
  stopWith("There is no table here: the link may be mistyped, or the table has expired. ",
    h("a", { href: "/", id: "to-lobby" }, "Open a new table in the lobby"));
}

function badToken() {
  document.title = "Invite link not valid · gametable";
  if (ws) { ws.onclose = null; ws.close(); }
  stopWith("This invite link's key does not open a seat at this table (was it copied in full?). ",
    h("a", { href: `/t/${encodeURIComponent(tableId)}`, id: "watch-instead" }, "Watch the table instead"));
}

// The view after a patch: [["set", path, value] | ["append", path, items] | ["del", path], ...],
// a path being one key or a key and a key of the object under it.  The old view is not changed
// (renderers compare the view before a move with the one after).
export function applyPatch(view, patch) {
  const out = { ...view };
  const copied = new Set();
  for (const [op, path, value] of patch) {
    let target = out;
    if (path.length === 2) {
      if (!copied.has(path[0])) { out[path[0]] = { ...out[path[0]] }; copied.add(path[0]); }
      target = out[path[0]];
    }
    const key = path[path.length - 1];
    if (op === "set") target[key] = value;
    else if (op === "append") target[key] = target[key].concat(value);
    else if (op === "del") delete target[key];
  }
  return out;
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      info = msg;
      el("title").replaceChildren(msg.title, h("span", { class: "table-id" }, ` · table ${msg.table}`));
      el("me").textContent = msg.seat === null ? "watching" : `you are ${seatName(msg, msg.seat)}`;
      el("rules-link").href = `/rules/${msg.game}`;
      baseTitle = `${msg.title} · gametable`;
      document.title = baseTitle;
      el("chat").hidden = msg.seat === null;
      if (msg.seat !== null && token) rememberTable({ id: msg.table, game: msg.game, title: msg.title, seat: msg.seat, url: location.href });
      break;
    case "presence":
      if (info) info.seats = msg.seats;
      break;
    case "clock":
      noteClock(msg.clock);
      for (const m of [last, newest, ...queue]) if (m) m.clock = msg.clock;
      if (last) drawTurn();
      break;
    case "sync":
      noteClock(msg.clock);
      queue = []; lit = new Set();
      last = newest = msg; lastSeq = msg.seq; log = msg.log; checks.clear(); draw();
      if (info && !info.offered && !msg.over) {  // an invited seat, taken as this browser's player
        info.offered = true;
        offerSeat(info, token, (url) => { location.replace(url); location.reload(); });
      }
      break;
    case "update": {
      const seq = newest?.seq ?? -1;
      if (msg.seq <= seq) break;
      if (msg.seq !== seq + 1) { send({ type: "sync" }); break; }  // a gap: resync
      if (msg.patch) {  // what changed in the view since the last message (server/wire.py)
        if (!newest || (msg.takebacks ?? 0) !== (newest.takebacks ?? 0)) { send({ type: "sync" }); break; }
        msg.view = applyPatch(newest.view, msg.patch);
        delete msg.patch;
      }
      noteClock(msg.clock);
      newest = msg;
      queue.push(msg);
      pump();
      break;
    }
    case "taken_back":  // news for everyone (the requester's answer carries an id)
      if (msg.id === undefined || msg.id === null) {
        chatLines = chatLines.concat([{ from: seatName(info, msg.seat), text: `took back: ${msg.text}`, event: true, after: newestMove() }]).slice(-50);
      }
      break;
    case "chat":
      chatLines = chatLines.concat([{ from: msg.from, text: msg.text, after: newestMove() }]).slice(-50);
      drawLog();
      break;
    case "rematch":
      goRematch(msg.rematch);
      break;
    case "error":
      if (msg.error?.kind === "auth") { badToken(); break; }
      if (msg.error?.kind === "unknown") { noSuchTable(); break; }
      showWhy(explain(msg.error), msg.error?.rule);
      break;
  }
  if (msg.id && pending.has(msg.id)) { pending.get(msg.id).resolve(msg); pending.delete(msg.id); }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  ws.onopen = () => { retry = 500; el("conn").textContent = "connected"; el("conn").className = "conn ok"; send({ type: "hello", token }); };
  ws.onmessage = (ev) => {  // a frame holds one message, or an array of messages sent together
    const data = JSON.parse(ev.data);
    for (const msg of Array.isArray(data) ? data : [data]) onMessage(msg);
  };
  ws.onclose = () => {
    failPending();
    el("conn").className = "conn bad";
    if (retry < 0) return;
    el("conn").textContent = "reconnecting…";
    setTimeout(connect, retry); retry = Math.min(retry * 2, 8000);
  };
}

// -- the side panels: ask the rules, chat -----------------------------------------------------------
function authHeaders() {
  return token ? { authorization: `Bearer ${token}` } : {};
}

// The rules chat sits in a tab beside the log. On a laptop (>= 900 px) the open chat is a drawer
// fixed below the seat's hand and controls (or over the board when they leave it too little room),
// so opening it never moves them; on a phone it stays in the page, in the log's place. The
// conversation lasts as long as the page (and the browser tab, in sessionStorage).
let rulesChat = null;
let attempt = null;  // the refused action a "why" question is about, sent with the next question
const WIDE = window.matchMedia("(min-width: 900px)");

function chatOpen() { return !el("ask-panel").hidden; }

function showSideTab(name, { focus = false } = {}) {
  const chatTab = name === "ask";
  el("tab-log").setAttribute("aria-selected", String(!chatTab));
  el("tab-ask").setAttribute("aria-selected", String(chatTab));
  el("tab-log").tabIndex = chatTab ? -1 : 0;
  el("tab-ask").tabIndex = chatTab ? 0 : -1;
  el("log-tab").hidden = chatTab;
  el("ask-panel").hidden = !chatTab;
  el("ask-open").setAttribute("aria-expanded", String(chatTab));
  placeDrawer();
  if (chatTab && focus) el("ask-q").focus({ preventScroll: WIDE.matches });
  if (!chatTab) drawLog();
}

// The drawer's place on a laptop: from just below the hand and the controls to the bottom of
// the screen, in the side column; over the board's lower part when that leaves under 14em.
function placeDrawer() {
  const panel = el("log-panel");
  const drawer = WIDE.matches && chatOpen();
  panel.classList.toggle("drawer", drawer);
  panel.classList.remove("over-board");
  panel.style.top = "";
  if (!drawer) return;
  const em = parseFloat(getComputedStyle(document.body).fontSize) || 15;
  let below = 0;
  for (const tid of ["hand", "controls", "turn"]) {
    const box = document.querySelector(`[data-testid='${tid}']`)?.getBoundingClientRect();
    if (box && box.height) below = Math.max(below, box.bottom);
  }
  const top = Math.max(below + 0.5 * em, window.innerHeight * 0.3);
  if (window.innerHeight - top < 14 * em) {
    panel.classList.add("over-board");
    panel.style.top = `${Math.round(window.innerHeight * 0.45)}px`;
  } else {
    panel.style.top = `${Math.round(top)}px`;
  }
}
window.addEventListener("resize", placeDrawer);
window.addEventListener("scroll", () => { if (chatOpen()) placeDrawer(); }, { passive: true });
WIDE.addEventListener?.("change", placeDrawer);

function toggleAsk(open) {
  showSideTab(open ? "ask" : "log", { focus: open });
  if (!open && !WIDE.matches) el("ask-open").focus();
}

function askWhy(action) {
  attempt = action;
  showSideTab("ask");
  rulesChat.ask("why can't I do that?").finally(() => { attempt = null; });
}

function setUpRulesChat(game) {
  if (rulesChat) return;
  rulesChat = new RulesChat({
    list: el("ask-answer"),
    form: el("ask-form"),
    input: el("ask-q"),
    url: `/api/tables/${encodeURIComponent(tableId)}/ask`,
    headers: authHeaders,
    extra: () => (attempt === null ? {} : { attempt }),
    sectionHref: (id) => `/rules/${encodeURIComponent(game)}#${id}`,
    storageKey: `gametable:ask:${tableId}:${token ?? "watch"}`,
    target: "_blank",  // (the rulebook opens beside the table, which plays on)
  });
}

async function chat(ev) {
  ev.preventDefault();
  const input = el("chat-text");
  const text = input.value.trim();
  if (!text) return;
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/chat`, {
    method: "POST", headers: { "content-type": "application/json", ...authHeaders() }, body: JSON.stringify({ text }) });
  if (res.ok) input.value = "";
  else showWhy((await res.json()).detail?.message ?? "the message was not sent");
}

function setUpPace() {
  const sel = el("pace");
  sel.replaceChildren(...Object.entries(PACES).map(([name, p]) => h("option", { value: name }, p.label)));
  sel.value = pace();
  sel.addEventListener("change", () => setPace(sel.value));
}

async function main() {
  installTips();
  drawSoundButton();
  setUpPace();
  el("sound").addEventListener("click", toggleSound);
  el("spectate").href = `/t/${tableId}`;
  el("spectate").textContent = `${location.origin}/t/${tableId}`;
  el("ask-open").addEventListener("click", () => toggleAsk(!chatOpen()));
  el("ask-close").addEventListener("click", () => toggleAsk(false));
  el("tab-log").addEventListener("click", () => showSideTab("log"));
  el("tab-ask").addEventListener("click", () => showSideTab("ask", { focus: true }));
  for (const id of ["tab-log", "tab-ask"]) {
    el(id).addEventListener("keydown", (ev) => {  // arrow keys move between the tabs
      if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return;
      const next = id === "tab-log" ? "ask" : "log";
      showSideTab(next);
      el(next === "ask" ? "tab-ask" : "tab-log").focus();
    });
  }
  el("chat").addEventListener("submit", chat);
  loadNotes();
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
  if (!res.ok) { noSuchTable(); return; }
  const meta = await res.json();
  setUpRulesChat(meta.game);
  renderer = await loadRenderer(meta.game);
  connect();
}
main();
