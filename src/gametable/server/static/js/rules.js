// The rules page (/rules/<game>): a Rulebook tab (sections with anchors and statement ids,
// search as you type) and a Chat tab (a conversation with the rules chat). The page is served
// whole (both tabs one under the other); this script makes them tabs. The chat itself lives in
// rules-chat.js, shared with a table's side panel.
import { RulesChat } from "./rules-chat.js";

const el = (id) => document.getElementById(id);
const app = el("rules-app");
const game = app.dataset.game;
const tabs = { rulebook: el("tab-rulebook"), chat: el("tab-chat") };
const panels = { rulebook: el("rulebook-panel"), chat: el("chat-panel") };
const sectionIds = new Set([...document.querySelectorAll("section.rule-section")].map((s) => s.id));

// -- tabs -------------------------------------------------------------------------------------------
function show(name, { focus = false, push = false } = {}) {
  for (const [key, tab] of Object.entries(tabs)) {
    const on = key === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    panels[key].hidden = !on;
  }
  document.body.dataset.tab = name;
  if (push) {
    const url = new URL(location.href);
    url.searchParams.delete("q");
    if (name === "chat") url.searchParams.set("tab", "chat"); else url.searchParams.delete("tab");
    if (name === "chat") url.hash = "";
    history.replaceState(null, "", url);
  }
  if (focus) tabs[name].focus();
}

for (const [name, tab] of Object.entries(tabs)) {
  tab.addEventListener("click", (ev) => { ev.preventDefault(); show(name, { push: true }); });
  tab.addEventListener("keydown", (ev) => {  // arrow keys move between the tabs (WAI-ARIA tabs)
    if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft" && ev.key !== "Home" && ev.key !== "End") return;
    ev.preventDefault();
    const next = name === "rulebook" ? "chat" : "rulebook";
    show(ev.key === "Home" ? "rulebook" : ev.key === "End" ? "chat" : next, { focus: true, push: true });
  });
}

// A link to a section (#<id>) opens the Rulebook tab at that section, from anywhere on the page.
function goToSection(id, { focus = true } = {}) {
  if (!sectionIds.has(id)) return false;
  show("rulebook");
  clearFilter();
  const target = document.getElementById(id);
  target.scrollIntoView({ block: "start" });
  if (focus) { target.tabIndex = -1; target.focus({ preventScroll: true }); }
  return true;
}
window.addEventListener("hashchange", () => goToSection(decodeURIComponent(location.hash.slice(1))));

// -- search the rulebook as you type ------------------------------------------------------------------
const filter = el("rules-filter");
const count = el("filter-count");
const sections = [...document.querySelectorAll("section.rule-section")].map((s) => ({
  el: s,
  id: s.id,
  head: s.querySelector("h2, h3, h4, h5").textContent.toLowerCase(),
  items: [...s.querySelectorAll("li")].map((li) => ({ el: li, text: li.textContent.toLowerCase() })),
}));
const tocItems = new Map([...document.querySelectorAll(".toc li[data-section]")].map((li) => [li.dataset.section, li]));

function clearFilter() {
  if (!filter.value) return;
  filter.value = "";
  applyFilter();
}

// Every word typed must appear in the section's heading or in one of its statements (their
// statement ids included, so "BZ-041" finds the statement that retells it).
function applyFilter() {
  const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0, hits = 0;
  for (const s of sections) {
    let keep = words.length === 0;
    if (!keep) {
      const inHead = words.every((w) => s.head.includes(w));
      for (const item of s.items) {
        const match = words.every((w) => item.text.includes(w) || s.head.includes(w));
        item.el.classList.toggle("hit", match && !inHead);
        item.el.hidden = !inHead && !match;
        if (match) { keep = true; hits += 1; }
      }
      keep = keep || inHead;
      if (inHead) for (const item of s.items) item.el.hidden = false;
    } else {
      for (const item of s.items) { item.el.hidden = false; item.el.classList.remove("hit"); }
    }
    s.el.hidden = !keep;
    tocItems.get(s.id)?.toggleAttribute("hidden", !keep);
    if (keep) shown += 1;
  }
  count.textContent = words.length ? (shown ? `${shown} section${shown === 1 ? "" : "s"}, ${hits} statement${hits === 1 ? "" : "s"}` : "nothing matches") : "";
}
filter.addEventListener("input", applyFilter);

// -- the chat -------------------------------------------------------------------------------------------
// (the answer the server put in the page for ?q= without JS is replaced by the conversation)
document.querySelector("#chat-panel .rules-answer")?.remove();
const chat = new RulesChat({
  list: el("conversation"),
  form: el("chat-form"),
  input: el("chat-q"),
  url: `/api/rules/${encodeURIComponent(game)}/ask`,
  sectionHref: (id) => `#${id}`,
  onSection: (id) => goToSection(id),
  storageKey: `gametable:rules-chat:${game}`,
});

// -- the start: ?tab=chat, ?q= (asked at once), #<section> ----------------------------------------------
const params = new URLSearchParams(location.search);
const hash = decodeURIComponent(location.hash.slice(1));
if (hash && sectionIds.has(hash)) {
  show("rulebook");
  requestAnimationFrame(() => goToSection(hash, { focus: false }));
} else {
  show(params.get("tab") === "chat" || params.get("q") ? "chat" : "rulebook");
}
if (params.get("q")) {
  chat.input.value = "";
  chat.ask(params.get("q"));
  show("chat", { push: true });
}
