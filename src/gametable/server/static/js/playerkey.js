// The player key of this browser: kept in localStorage, sent only in the X-Player-Key header
// (never in a URL), carried to another device as a link whose key is after "#" (a fragment no
// browser sends to a server) or as the code itself. docs/web.md, "Players and ratings".
import { h } from "./util.js";

const STORE = "gametable:player-key";
const KEY_RE = /gtp-[A-Za-z0-9_-]{43}/;

export function playerKey() { return localStorage.getItem(STORE); }
export function setPlayerKey(key) { localStorage.setItem(STORE, key); }
export function forgetPlayerKey() { localStorage.removeItem(STORE); }
export function keyHeaders(key = playerKey()) { return key ? { "x-player-key": key } : {}; }
export function keyLink(key) { return `${location.origin}/me#key=${key}`; }
// a key pasted as the code or inside its link
export function keyIn(text) { return (text ?? "").match(KEY_RE)?.[0] ?? null; }

export async function api(path, { method = "GET", body, key = playerKey(), seatKey = null } = {}) {
  const headers = { ...keyHeaders(key) };
  if (seatKey) headers.authorization = `Bearer ${seatKey}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const d = data.detail;
    const err = new Error(typeof d === "string" ? d : d?.message ?? `the server said ${res.status}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

// why the key this browser kept was dropped (it was replaced on another device, or is unknown)
let dropped = null;

// the player of this browser's key (null: none kept, or the key no longer works). A key the
// server refuses (403: replaced or unknown) never works again: it is forgotten, so that tables
// opened here work without a player until a key is brought or a player made.
export async function me() {
  if (!playerKey()) return null;
  try { return await api("/api/players/me"); } catch (e) {
    if (e.status === 403) { dropped = e.message; forgetPlayerKey(); }
    return null;
  }
}

function copyBox(label, value, testid) {
  const input = h("input", { readonly: true, value, "data-testid": testid, onfocus: (e) => e.target.select() });
  return h("label", { class: "copy" }, label, input,
    h("button", { type: "button", class: "link small", onclick: () => { input.select(); navigator.clipboard?.writeText(value); } }, "copy"));
}

// how to take the key to another device, and how to replace it if it leaked
export function keyTools(key, onReplaced) {
  const err = h("p", { class: "error", role: "alert" });
  const replace = h("button", { type: "button", "data-testid": "replace-key", onclick: async () => {
    if (!confirm("Replace your player key? The old key, its link and its code stop working on every device.")) return;
    try {
      const made = await api("/api/players/me/key", { method: "POST" });
      setPlayerKey(made.key);
      onReplaced(made.key);
    } catch (e) { err.textContent = e.message; }
  } }, "replace my key");
  return h("details", { class: "key-tools" }, h("summary", {}, "my key: use it on another device"),
    h("p", { class: "small" }, "Whoever has your key plays as you. Open the link on your other device, or paste the code there. Keep both private."),
    copyBox("link ", keyLink(key), "key-link"), copyBox("code ", key, "key-code"),
    h("p", { class: "small" }, "If your key leaked, replace it: the old one stops working."), replace, err);
}

// the lobby's panel: make a player, bring a key from another device, or who you play as
export async function drawPlayerPanel(box, onChange, games = []) {
  const had = playerKey();
  const player = await me();
  if (had && !playerKey()) onChange?.();  // the key was refused and forgotten
  const ladders = games.length ? h("p", { class: "small" }, "Ladders: ",
    ...games.flatMap((g, i) => [i ? " · " : "", h("a", { href: `/ladder/${encodeURIComponent(g.name)}` }, g.title)])) : null;
  if (player) {
    box.replaceChildren(h("h2", {}, "You play as ", h("span", { "data-testid": "player-name" }, player.name)),
      h("p", { class: "small" }, "Tables you open or join here seat you by name; finished games count for your rating. ",
        h("a", { href: player.page, "data-testid": "my-page" }, "my page")),
      keyTools(playerKey(), () => drawPlayerPanel(box, onChange, games)), ladders,
      h("button", { type: "button", class: "link small", onclick: () => {
        if (!confirm("Forget your player key in this browser? Copy it first if you want to play as this player again.")) return;
        forgetPlayerKey(); drawPlayerPanel(box, onChange, games); onChange?.();
      } }, "forget my key in this browser"));
    return;
  }
  const err = h("p", { class: "error", role: "alert", "data-testid": "player-error" });
  const name = h("input", { maxlength: 40, size: 16, "data-testid": "new-player-name", placeholder: "a name others see", "aria-label": "your player's name" });
  const code = h("input", { size: 16, "data-testid": "key-paste", placeholder: "key or key link", "aria-label": "your player key, or its link" });
  const make = async () => {
    err.textContent = "";
    try {
      const made = await api("/api/players", { method: "POST", body: { name: name.value }, key: null });
      setPlayerKey(made.key);
      drawPlayerPanel(box, onChange, games); onChange?.();
    } catch (e) { err.textContent = e.message; }
  };
  const bring = async () => {
    err.textContent = "";
    const key = keyIn(code.value);
    if (!key) { err.textContent = "that is not a player key"; return; }
    try { await api("/api/players/me", { key }); } catch (e) { err.textContent = e.message; return; }
    setPlayerKey(key); drawPlayerPanel(box, onChange, games); onChange?.();
  };
  // not forms: the lobby's one submit button stays the new table's
  const onEnter = (run) => (ev) => { if (ev.key === "Enter") { ev.preventDefault(); run(); } };
  name.addEventListener("keydown", onEnter(make));
  code.addEventListener("keydown", onEnter(bring));
  const note = dropped ? h("p", { class: "error", role: "status", "data-testid": "key-dropped" },
    `The player key this browser kept no longer works (${dropped}). Bring your new key from the device where it was replaced, or make a player.`) : null;
  box.replaceChildren(h("h2", {}, "Play as a player"), note,
    h("p", { class: "small" }, "Pick a name once: your games, results and rating follow you from table to table. No e-mail, no password: this browser keeps a secret key."),
    h("div", { class: "player-row" }, name, h("button", { type: "button", class: "primary", "data-testid": "new-player", onclick: make }, "be this player")),
    h("div", { class: "player-row" }, h("span", { class: "small" }, "or bring your key: "), code,
      h("button", { type: "button", onclick: bring }, "use key")),
    err, ladders);
}

// at a table opened by an invite link (seat key in the address), this browser's player may take
// the seat: it is then played under the player's name, counts for its rating, and the invite
// link opens it no more. ``table`` is the welcome message; ``onTaken(url)``: the seat's new link.
export async function offerSeat(table, seatKey, onTaken) {
  if (!playerKey() || table.seat === null || !seatKey) return;
  const player = await me();
  if (!player || table.seats?.[table.seat]?.name === player.name) return;
  const err = h("span", { class: "error", role: "alert" });
  const bar = h("p", { class: "claim", "data-testid": "claim" },
    `Play this seat as ${player.name}? Your result counts for your rating. `,
    h("button", { type: "button", class: "primary", "data-testid": "claim-seat", onclick: async () => {
      try {
        const taken = await api(`/api/players/me/tables/${encodeURIComponent(table.table)}/claim`, { method: "POST", seatKey });
        bar.remove(); onTaken(taken.url);
      } catch (e) { err.textContent = ` ${e.message}`; }
    } }, `play as ${player.name}`), " ",
    h("button", { type: "button", class: "link small", onclick: () => bar.remove() }, "not now"), err);
  document.getElementById("turn").before(bar);
}
