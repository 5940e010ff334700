import { h } from "./util.js";

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

function fillSeats() {
  const g = current();
  const n = Number(playersSel.value);
  const rows = [h("legend", {}, "Seats")];
  for (let i = 0; i < n; i++) {
    const kind = h("select", { name: `seat-${i}`, "data-seat": i },
      h("option", { value: "human" }, "friend (invite link)"),
      ...g.bots.map((b) => h("option", { value: `bot:${b}` }, `bot: ${b}`)));
    if (i > 0) kind.value = "bot:random";
    const name = h("input", { name: `name-${i}`, "data-name": i, placeholder: "name (optional)", maxlength: 40, size: 12 });
    rows.push(h("div", { class: "seat-row" }, h("span", {}, `Seat ${i}${i === 0 ? " (you)" : ""}`), kind, name));
  }
  seatsBox.replaceChildren(...rows);
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
    return sel.value === "human" ? { kind: "human", name } : { kind: "bot", bot: sel.value.slice(4), name };
  });
  const body = { game: gameSel.value, players: Number(playersSel.value), options: readOptions(), seats };
  const res = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) {
    const d = data.detail;
    err.textContent = typeof d === "string" ? d : d?.message ?? JSON.stringify(d);
    return;
  }
  const list = document.getElementById("links");
  const items = data.seats.filter((s) => s.url).map((s, i) => h("li", {},
    h("b", {}, `Seat ${s.seat}${i === 0 ? " (you)" : ""}: `),
    h("a", { href: s.url, class: "seat-link", "data-seat": s.seat }, i === 0 ? "open my seat" : "invite link"),
    h("input", { readonly: true, value: s.url, onfocus: (e) => e.target.select() })));
  items.push(h("li", {}, h("b", {}, "Spectators: "), h("a", { href: data.spectator_url }, data.spectator_url)));
  list.className = "links";
  list.replaceChildren(...items);
  document.getElementById("created").hidden = false;
}

async function main() {
  games = await (await fetch("/api/games")).json();
  gameSel.replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  gameSel.addEventListener("change", fillPlayers);
  playersSel.addEventListener("change", fillSeats);
  fillPlayers();
  document.getElementById("new-table").addEventListener("submit", create);
}
main();
