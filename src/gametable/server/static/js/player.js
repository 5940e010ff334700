// A player's page: /me (the player of this browser's key) or /p/<id> (anyone with the link).
// Ratings per game, finished games with their replays; to the player only: games in progress,
// the ladder opt-in, the key's link and code. docs/web.md, "Players and ratings".
import { h } from "./util.js";
import { api, keyIn, keyTools, playerKey, setPlayerKey } from "./playerkey.js";

const el = (id) => document.getElementById(id);
const fmt = (x) => x.toFixed(1);

function problem(text) { el("problem").textContent = text; el("problem").hidden = false; }

// a key brought in a link (/me#key=...): kept, and taken out of the address bar at once. A
// browser playing as another player is asked first (its own key would be forgotten here).
function keyFromLink() {
  const key = keyIn(new URLSearchParams(location.hash.slice(1)).get("key"));
  if (location.hash) history.replaceState(null, "", location.pathname);
  const held = playerKey();
  if (!key || key === held) return;
  if (held && !confirm("This browser plays as another player. Play as the player of this link instead? Keep the other player's key first if you want it back.")) return;
  setPlayerKey(key);
}

function ratingText(r) { return `${fmt(r.mu)} ± ${fmt(1.96 * r.sigma)}`; }

function drawRatings(page) {
  el("ratings-panel").hidden = false;
  if (!page.ratings.length) { el("ratings").replaceChildren(h("p", { class: "small" }, "No rated game yet: finish a game with a key against bots of a level, or against other players.")); return; }
  el("ratings").replaceChildren(h("table", { class: "ratings", "data-testid": "ratings" },
    h("thead", {}, h("tr", {}, h("th", {}, "game"), h("th", { class: "num" }, "rating"), h("th", { class: "num" }, "games"), h("th", {}, "among the bots"))),
    h("tbody", {}, ...page.ratings.map((r) => h("tr", { "data-game": r.game },
      h("td", {}, h("a", { href: `/ladder/${encodeURIComponent(r.game)}` }, r.title)),
      h("td", { class: "num", title: `95% between ${fmt(r.low)} and ${fmt(r.high)}`, "data-testid": "rating" }, ratingText(r)),
      h("td", { class: "num" }, String(r.games)),
      h("td", {}, r.standing ? `rated ${r.standing}` : ""))))),
    h("p", { class: "small" }, "A rating is OpenSkill's estimate of skill with its uncertainty (± covers 95%); everyone starts at 25 ± 16. The bots of each level are rated on the same scale."));
}

const ordinal = (n) => n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`;

// the others at the table, with their places once the game is counted
function who(g) {
  return g.seats.filter((s) => s.seat !== g.seat).map((s) =>
    (s.kind === "bot" ? `bot ${s.bot}` : s.name ?? "a guest") + (s.place ? ` (${ordinal(s.place)})` : "")).join(", ");
}

function placeText(g) {
  if (g.place === null) return g.settled_at ? "not counted" : g.status === "over" ? "being counted" : "";
  const text = `${g.shared ? "shared " : ""}${ordinal(g.place)} of ${g.seats.length}`;
  return g.left ? `${text} (left: the bot finished for you)` : text;
}

function change(g) {
  if (g.rating_change === null) return null;
  const c = g.rating_change;
  return h("span", { class: c > 0 ? "up" : c < 0 ? "down" : null }, ` ${c >= 0 ? "+" : ""}${c.toFixed(2)}`);
}

function drawFinished(page) {
  el("finished-panel").hidden = false;
  if (!page.finished.length) { el("finished").replaceChildren(h("p", { class: "small" }, "No finished game yet.")); return; }
  el("finished").replaceChildren(h("ul", { class: "games", "data-testid": "finished" }, ...page.finished.map((g) => h("li", { "data-table": g.table },
    h("b", {}, g.title), ` · against ${who(g)} · `, h("span", { class: "place", title: g.note ?? null }, placeText(g)),
    g.rating_after ? h("span", { class: "small" }, ` · rating ${ratingText(g.rating_after)}`, change(g)) : null, " ",
    h("span", { class: "small" }, new Date((g.settled_at ?? g.joined_at) * 1000).toLocaleString()), " ",
    g.replay ? h("a", { href: g.replay, class: "replay" }, "replay") : h("span", { class: "small" }, "(no longer kept)")))));
}

function drawPlaying(page) {
  el("playing-panel").hidden = false;
  if (!page.playing.length) { el("playing").replaceChildren(h("p", { class: "small" }, "None.")); return; }
  el("playing").replaceChildren(h("ul", { class: "games", "data-testid": "playing" }, ...page.playing.map((g) => h("li", { "data-table": g.table },
    h("b", {}, g.title), ` · with ${who(g)} · move ${g.moves} `,
    h("button", { type: "button", class: "primary", onclick: async () => {
      try { location.href = (await api(`/api/players/me/tables/${encodeURIComponent(g.table)}/seat`, { method: "POST" })).url; }
      catch (e) { problem(e.message); }
    } }, "return to my seat")))));
}

function drawOwner(page) {
  const err = h("p", { class: "error", role: "alert" });
  const listed = h("input", { type: "checkbox", "data-testid": "listed", checked: page.listed, onchange: async () => {
    try { await api("/api/players/me", { method: "PATCH", body: { listed: listed.checked } }); }
    catch (e) { err.textContent = e.message; listed.checked = !listed.checked; }
  } });
  el("who").append(
    h("p", { class: "small" }, "This page shows your ratings and finished games to whoever has its link (",
      h("a", { href: page.page, "data-testid": "page-link" }, "the link"), "); your games in progress only to you."),
    h("label", {}, listed, " show my name on the ladders (otherwise you are listed as “a player”)"),
    keyTools(playerKey(), () => location.reload()), err);
}

async function main() {
  keyFromLink();
  const wanted = location.pathname.startsWith("/p/") ? decodeURIComponent(location.pathname.slice(3)) : null;
  let mine = null;
  if (playerKey()) { try { mine = await api("/api/players/me"); } catch (e) { if (!wanted) { problem(e.message); return; } } }
  if (!wanted && !mine) { problem("This browser has no player key. Make a player in the lobby, or open your key's link here."); return; }
  let page = mine;
  if (wanted && mine?.id !== wanted) {
    try { page = await api(`/api/players/${encodeURIComponent(wanted)}`, { key: null }); }
    catch (e) { problem(e.message); return; }
  }
  const own = page === mine;
  document.title = `${page.name} · gametable`;
  el("title").textContent = page.name;
  el("who").hidden = false;
  el("who").replaceChildren(h("h1", { "data-testid": "player" }, page.name));
  if (own) drawOwner(page);
  drawRatings(page);
  if (own) drawPlaying(page);
  drawFinished(page);
}
// a key link opened while this page is shown changes only the address's fragment: read it
window.addEventListener("hashchange", () => location.reload());
main();
