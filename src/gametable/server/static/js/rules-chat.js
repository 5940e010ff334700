// The rules chat's conversation, shared by the rules page's Chat tab and a table's side panel:
// each question and its reply stay on screen; the earlier questions go with each new one, so a
// follow-up ("and with 3 players?") is read against them. A reply shows what it rests on (links
// to the rulebook's sections, statement ids), and whether the referee checked it (then a link
// opens the position it judged) or it comes from the rules text.
import { h } from "./util.js";

const HISTORY = 6;  // the earlier questions sent with a question (the server takes at most 6)
const KEPT = 40;    // exchanges kept on screen and in the tab's sessionStorage

export class RulesChat {
  // list: the <ol> of exchanges; form/input: the question form; url: where to POST;
  // headers(): extra request headers; extra(): extra body fields; sectionHref(id): a section's
  // link; onSection(id): called on a click on a section link (true: handled here);
  // storageKey: where the conversation is kept for this browser tab (null: nowhere);
  // target: where section links open (null: this page)
  constructor({ list, form, input, url, headers = () => ({}), extra = () => ({}), sectionHref, onSection = null, storageKey = null, status = null, target = null }) {
    Object.assign(this, { list, form, input, url, headers, extra, sectionHref, onSection, storageKey, target });
    this.history = [];
    this.exchanges = [];
    this.busy = false;
    this.status = status ?? h("p", { class: "small chat-status", role: "status" });
    if (!status) list.after(this.status);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const q = input.value.trim();
      if (!q || this.busy) return;
      input.value = "";
      this.ask(q);
    });
    this.restore();
  }

  restore() {
    if (!this.storageKey) return;
    let kept = [];
    try { kept = JSON.parse(sessionStorage.getItem(this.storageKey) ?? "[]"); } catch { kept = []; }
    if (!Array.isArray(kept)) return;
    for (const { question, reply } of kept) this.show(question, reply, false);
  }

  save() {
    if (!this.storageKey) return;
    try { sessionStorage.setItem(this.storageKey, JSON.stringify(this.exchanges.slice(-KEPT))); } catch { /* no storage: kept while the page lives */ }
  }

  async ask(question) {
    this.busy = true;
    this.status.textContent = "Looking it up…";
    let reply;
    try {
      const res = await fetch(this.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...this.headers() },
        body: JSON.stringify({ question, history: this.history.slice(-HISTORY), ...this.extra() }),
      });
      const body = await res.json().catch(() => ({}));
      reply = res.ok ? body : { error: problem(res.status, body) };
    } catch {
      reply = { error: "The question did not reach the server; try again in a moment." };
    }
    this.busy = false;
    this.status.textContent = "";
    this.show(question, reply, true);
    this.input.focus({ preventScroll: true });
    return reply;
  }

  // one exchange on screen: the question, then the reply (or why there is none)
  show(question, reply, fresh) {
    if (!reply.error) this.history = this.history.concat([reply.answered && reply.question ? reply.question : question]).slice(-HISTORY);
    this.exchanges = this.exchanges.concat([{ question, reply }]).slice(-KEPT);
    const item = h("li", { class: `exchange${reply.error ? " failed" : reply.answered ? "" : " declined"}${reply.checked ? " checked" : ""}` },
      h("p", { class: "question" }, h("span", { class: "who" }, "You: "), question),
      reply.answered && reply.question && reply.question !== question ? h("p", { class: "read-as small" }, `(read as: ${reply.question})`) : null,
      ...this.replyParts(reply));
    this.list.append(item);
    while (this.list.children.length > KEPT) this.list.firstElementChild.remove();
    if (fresh) { this.save(); item.scrollIntoView({ block: "nearest" }); }
  }

  replyParts(a) {
    if (a.error) return [h("p", { class: "reply error" }, a.error)];
    const parts = [h("p", { class: "reply", lang: a.lang ?? "en" }, a.text)];
    for (const d of a.details ?? []) parts.push(h("p", { class: "detail small" }, d));
    if (a.checked) {
      parts.push(h("p", { class: "mark checked" }, h("span", { "aria-hidden": "true" }, "✓ "), "checked by the referee",
        a.position_url ? [" · ", h("a", { class: "position-link", href: a.position_url, target: "_blank", rel: "noopener" }, "open the position")] : null));
    } else if (a.answered && (a.topic ?? "rules") === "rules") {  // (in-game answers read the live position)
      parts.push(h("p", { class: "mark unchecked" }, "from the rules text, not checked by the referee"));
    }
    if (a.sources?.length) parts.push(h("p", { class: "rests-on small" }, "Rests on: ", ...this.links(a.sources)));
    if (a.related?.length) parts.push(h("p", { class: "related small" }, a.answered ? "Also see: " : "Closest sections: ", ...this.links(a.related)));
    return parts;
  }

  links(sources) {
    return sources.flatMap((s, i) => [i ? "; " : "",
      h("a", { href: this.sectionHref(s.id), target: this.target, onclick: (ev) => { if (this.onSection?.(s.id)) ev.preventDefault(); } }, s.path),
      s.statements?.length ? h("span", { class: "ids" }, ` (${s.statements.join(", ")})`) : ""]);
  }
}

// What went wrong, in a sentence, for a reply that is not 200.
function problem(status, body) {
  const d = body?.detail;
  if (typeof d === "string") return d;
  if (d?.message) return d.message;
  if (status === 429) return "Many questions in a short time; wait a little and ask again.";
  if (status === 422) return "That question could not be read; ask it in words, at most a few lines.";
  if (status === 413) return "That is too long for one question.";
  return "The question could not be answered just now.";
}
