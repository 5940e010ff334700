// A game's ladder: players and bots by rating, with their games and uncertainty. Players are
// listed after a few rated games, by name only if they chose to be. docs/web.md.
import { h } from "./util.js";
import { keyHeaders, me } from "./playerkey.js";

const el = (id) => document.getElementById(id);
const fmt = (x) => x.toFixed(1);

async function main() {
  const game = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  const mine = await me();  // a key this server refuses is forgotten first
  const [res, games] = await Promise.all([
    fetch(`/api/ladder/${encodeURIComponent(game)}`, { headers: mine ? keyHeaders() : {} }), fetch("/api/games").then((r) => r.json())]);
  el("games").replaceChildren(...games.map((g) => h("a", { href: `/ladder/${g.name}` }, g.title)));
  const data = await res.json();
  if (!res.ok) { el("problem").textContent = data.detail?.message ?? "no such ladder"; el("problem").hidden = false; return; }
  document.title = `${data.title} ladder · gametable`;
  el("heading").textContent = `${data.title}: ladder`;
  el("about").textContent = `Players and the bots of each level, by rating (OpenSkill; ± covers 95%). A player is listed after ${data.min_games} rated games, by name if they chose so on their page.`;
  const held = mine?.ratings.find((r) => r.game === data.game)?.games ?? 0;
  if (mine && !data.rows.some((r) => r.you)) {
    el("about").append(h("span", { "data-testid": "ladder-not-yet" }, ` You are not listed yet: ${held} of ${data.min_games} rated games.`));
  }
  el("ladder").replaceChildren(h("table", { class: "ratings", "data-testid": "ladder" },
    h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, "who"), h("th", { class: "num" }, "rating"),
      h("th", { class: "num wide" }, "95% between"), h("th", { class: "num" }, "games"))),
    h("tbody", {}, ...data.rows.map((r, i) => h("tr", { class: r.kind === "bot" ? "bot" : r.you ? "me" : null, "data-testid": r.you ? "ladder-me" : null },
      h("td", { class: "num" }, String(i + 1)),
      h("td", {}, r.kind === "bot" ? r.name : r.page ? h("a", { href: r.page }, r.name) : h("i", {}, "a player"), r.you ? h("b", {}, " (you)") : null),
      h("td", { class: "num" }, `${fmt(r.mu)} ± ${fmt(1.96 * r.sigma)}`),
      h("td", { class: "num wide" }, `${fmt(r.low)} – ${fmt(r.high)}`),
      h("td", { class: "num" }, String(r.games)))))));
}
main();
