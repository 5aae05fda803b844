// Scoring without signal: what is entered offline is kept (IndexedDB, in order), shown as
// waiting, and sent when the connection returns as the form the page would have posted, with
// its own form_key: a retry records once. Words: #offline-words, in the page's language.
(function () {
"use strict";
const body = document.body;
const has = (name) => body.hasAttribute("data-" + name);
const attr = (name) => body.getAttribute("data-" + name);
const online = () => navigator.onLine;
const words = (document.getElementById("offline-words") || { dataset: {} }).dataset;
// Numbers in the page's digits (Persian: ۱۲), as the server writes them.
const local = (v) => (v.toFixed ? v.toLocaleString(document.documentElement.lang) : v);
const say = (name, values) => Object.keys(values || {}).reduce(
  (text, k) => text.split("{" + k + "}").join(local(values[k])), words[name] || "");
function el(tag, cls, text, click) {
  const node = document.createElement(tag);
  node.className = cls || "";
  if (text !== undefined) node.textContent = text;
  if (click) { node.type = "button"; node.addEventListener("click", click); }
  return node;
}
const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

// The queue: one object store whose ids keep the order of entry. The connection stays open, so
// a deal's write starts within its tap, not after the page may have gone.
let db = null;
function store(mode, work) {
  return new Promise((resolve, reject) => {
    const go = () => {
      const tx = db.transaction("queue", mode);
      const asked = work(tx.objectStore("queue"));
      tx.oncomplete = () => resolve(asked.result);
      tx.onerror = () => reject(tx.error);
    };
    if (db) return go();
    const open = indexedDB.open("scorekeeper", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => { db = open.result; go(); };
  });
}
const all = () => store("readonly", (s) => s.getAll());
const put = (e) => store("readwrite", (s) => s.put(e));
const drop = (id) => store("readwrite", (s) => s.delete(id));

// The service worker keeps this page and its files for offline use,
const sw = navigator.serviceWorker;
if (sw) {
  const ready = () => body.setAttribute("data-offline-ready", "");
  const controlled = !!sw.controller;
  sw.addEventListener("message", (event) => { if (event.data && event.data.kept) ready(); });
  sw.register("/sw.js", { scope: "/" }).catch(() => {});
  sw.ready.then((reg) => {
    // and the last deal's correction and undo pages (its last cell, not its explanation)
    const last = has("scorer") && online() && document.querySelector("#history tbody tr:not(.game-end)");
    let keep = last ? $$("td:last-child a", last).map((a) => a.href) : [];
    if (has("scorer") && online()) keep.push(words.script); // and what shows while deals wait
    if (!controlled) {
      keep = keep.concat(has("recent") || has("match") ? [location.pathname] : [],
        $$("link[rel=stylesheet], script[src], link[rel=icon]").map((n) => n.href || n.src));
    }
    if (keep.length) reg.active.postMessage({ keep: keep });
    else ready();
  });
}

// The matches and events this phone opened, newest first, kept on the phone (recent.js lists them).
if (has("recent")) {
  let recent = [];
  try { recent = JSON.parse(localStorage.getItem("sk-recent")) || []; } catch (e) { /* none */ }
  const mine = { u: location.pathname, t: attr("recent") };
  recent = [mine].concat(recent.filter((item) => item.u !== mine.u)).slice(0, 12);
  try { localStorage.setItem("sk-recent", JSON.stringify(recent)); } catch (e) { /* full */ }
}

const match = attr("match");
if (!match) return;
const ours = (list) => list.filter((e) => e.match === match).sort((a, b) => a.id - b.id);
const BUMPS = { deal: 1, edit: 1, undo: 1 }; // writes that move the match's version

// A confirmation waits until this phone has sent the table's deals.
const confirmForm = document.querySelector("form[action$='/confirm/']");
if (confirmForm) {
  all().then((list) => {
    if (!ours(list).some((e) => BUMPS[e.kind])) return;
    $$("button", confirmForm).forEach((b) => { b.disabled = true; });
    confirmForm.prepend(el("p", "reminder", say("holdConfirm")));
  }).catch(() => {});
}

// At the top: the connection, what waits, a clash; the waiting list itself sits with the deals.
const box = document.getElementById("queue");
if (!box) return;
const stateLine = box.querySelector(".queue-state");
const list = document.querySelector("ol.waiting");
const clash = box.querySelector(".clash");
const form = document.querySelector("form.deal-form");
const section = document.querySelector("section.entry"); // the deal form, set aside in a clash
let entries = [];
let sending = false;
let sentNow = Number(sessionStorage.getItem("sk-sent")) || 0;
let note = sessionStorage.getItem("sk-dropped") ? say("dropped") : "";
let dirty = false;
let touched = true;
sessionStorage.removeItem("sk-sent");
sessionStorage.removeItem("sk-dropped");

function numberDeals() {
  let next = Number(attr("next"));
  entries.forEach((e) => {
    if (e.kind === "deal") next = (e.number = e.number || next) + 1;
  });
  return next;
}
function key() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => (b + 256).toString(16).slice(1)).join("");
}

// The deal in words, from the labels of the page's deal form. No game's rules live here: the
// totals wait for the server.
function summary(fields) {
  return fields.map(([name, value]) => {
    if (!form || /^(csrfmiddlewaretoken|version|form_key)$/.test(name)) return "";
    const sel = "[name='" + CSS.escape(name) + "']";
    const choice = form.querySelector(["input", "button"].map((t) => t + sel + "[value='" + CSS.escape(value) + "']").join());
    const field = choice || form.querySelector(sel);
    if (!field || (!choice && !value)) return "";
    const legend = field.closest("fieldset") && field.closest("fieldset").querySelector("legend");
    const label = field.closest("label") || (field.id && form.querySelector("label[for='" + field.id + "']"));
    let text = choice ? (label || choice).textContent : (label ? label.textContent + " " : "") + value;
    if (legend && (choice || !label)) text = legend.textContent.replace(/\s*\(.*\)\s*$/, "") + ": " + text;
    return text.replace(/\s+/g, " ").trim();
  }).filter(Boolean).join(" · ");
}

const label = (e) => say({ edit: "correct", undo: "undo" }[e.kind] || e.kind, { n: e.number || "" });
const what = (e) => (BUMPS[e.kind] && e.kind !== "undo" ? summary(e.fields) : "");

// What shows only while deals wait (waiting.js: the board after them, a clash) loads then.
let more = null;
const later = () => more || (more = new Promise((resolve, reject) => {
  const script = document.head.appendChild(document.createElement("script"));
  script.onload = resolve;
  script.onerror = () => { more = null; script.remove(); reject(); };
  script.src = words.script;
}));
const api = {
  get entries() { return entries; },
  put, drop, flush, reload, say, el, label, what, BUMPS, box, clash, section,
};

function render() {
  const next = numberDeals();
  const heading = document.getElementById("entry-title");
  if (heading && entries.length) heading.textContent = say("deal", { n: next });
  list.textContent = "";
  list.hidden = !entries.length;
  entries.slice().reverse().forEach((e, i) => {
    const li = list.appendChild(el("li", "waiting " + e.state));
    li.appendChild(el("strong", "", label(e)));
    if (what(e)) li.appendChild(el("span", "what", what(e)));
    if (e.kind === "deal") li.appendChild(el("span", "small", say("noTotals")));
    li.appendChild(el("span", "status", e.state === "failed" ? say("failed", { reason: e.reason || say("refused") })
      : say(e.state === "conflict" ? "conflict" : sending ? "sending" : "waiting")));
    if (e.state === "failed") li.appendChild(el("button", "link", say("retry"), () => { e.state = "waiting"; put(e).then(flush); }));
    if (!i || e.state !== "waiting") li.appendChild(el("button", "link", say("remove"), () => drop(e.id).then(load)));
  });
  let text = "";
  if (entries.length) {
    text = (online() ? "" : say("noConnection") + " · ") + say("count", { n: entries.length });
    // A clash asks its own question; this is for what was refused.
    if (entries.some((e) => e.state === "failed")) text += " " + say("stuck");
    if (body.querySelector(".at-table") && entries.some((e) => BUMPS[e.kind])) text += " " + say("holdConfirm");
  } else if (!online()) {
    text = say("offline");
  } else if (sentNow) {
    text = say("sentCount", { n: sentNow }) + " " + say("allSent");
  }
  stateLine.textContent = text || note;
  box.hidden = !(text || note) && clash.hidden;
  if (entries.length || more) later().then(() => window.skWaiting.board(api)).catch(() => null);
  body.toggleAttribute("data-hold", !!entries.length); // app.js does not reload meanwhile
  // The server's Undo would be refused while later deals wait: their Remove takes its place.
  $$("table.history a[href$='/undo/']").forEach((a) => { a.hidden = entries.some((e) => e.kind === "deal"); });
}

function load() {
  return all().then((found) => { entries = ours(found); render(); });
}

// While there is no connection, or earlier deals still wait, a deal joins the queue.
if (form) {
  form.addEventListener("change", (event) => { if (event.isTrusted) touched = true; });
  form.addEventListener("input", () => { touched = dirty = true; });
  form.addEventListener("submit", (event) => {
    if (online() && !entries.length) return; // posted as it always was
    event.preventDefault();
    // Nothing chosen since the last deal kept: a double tap (the form is cleared after each).
    if (!touched) return;
    touched = dirty = false;
    const version = Number(attr("version")) +
      entries.reduce((n, e) => n + (BUMPS[e.kind] || 0), 0);
    const fields = [["form_key", key()]];
    new FormData(form, event.submitter).forEach((value, name) => {
      if (name !== "form_key") fields.push([name, name === "version" ? String(version) : value]);
    });
    const entry = {
      match: match, url: form.getAttribute("action"), kind: "deal", number: numberDeals(),
      fields: fields, version: version, state: "waiting",
    };
    entries.push(entry);
    render(); // on the screen before anything is written
    // As after a deal sent: what waits, the board, the deal just entered and the next entry.
    (box.hidden ? document.getElementById("board") : box).scrollIntoView();
    store("readwrite", (s) => s.add(entry)).then((id) => { entry.id = id; if (online()) flush(); });
    form.reset();
    $$("fieldset.folded", form).forEach((set) => set.classList.remove("folded"));
    form.dispatchEvent(new Event("change"));
  });
}

function reload() {
  history.replaceState(null, "", location.pathname + "#history");
  location.reload();
}

// One kept form, posted again: sent, failed (with the server's words), a clash, or later.
function send(e) {
  const data = new URLSearchParams();
  e.fields.forEach(([n, v]) => data.append(n, n === "version" && e.version != null ? String(e.version) : v));
  return fetch(e.url, { method: "POST", body: data, credentials: "same-origin" }).then((answer) =>
    answer.text().then((html) => {
      const status = answer.status;
      if (status === 409 && e.kind === "deal") return "conflict";
      if (status >= 500 || status === 429) return "later";
      const page = new DOMParser().parseFromString(html, "text/html");
      e.reason = status === 403 ? say("noAccess")
        : $$("main .error, .messages .error", page).map((n) => n.textContent.trim()).join(" ");
      return answer.ok && !e.reason ? "sent" : "failed";
    }));
}

function flush() {
  if (sending) return Promise.resolve();
  sending = true;
  const before = sentNow;
  const next = () => {
    const e = entries[0];
    if (!e || e.state !== "waiting" || !e.id) return null;
    render();
    return send(e).then((outcome) => {
      if (outcome === "sent") {
        sentNow += 1;
        entries.shift();
        // The page now stands where the server does, should the next deal go the usual way.
        if (e.version != null) {
          const version = String(e.version + (BUMPS[e.kind] || 0));
          body.setAttribute("data-version", version);
          if (form && form.elements.version) form.elements.version.value = version;
        }
        if (e.kind === "deal") body.setAttribute("data-next", e.number + 1);
        return drop(e.id).then(next);
      }
      if (outcome === "later") return null;
      e.state = outcome;
      return put(e).then(() => outcome === "conflict" && showClash(e));
    });
  };
  return load().then(next).catch(() => null).then(() => {
    sending = false;
    render();
    if (sentNow > before && !entries.length && !dirty) {
      sessionStorage.setItem("sk-sent", String(sentNow));
      reload();
    }
  });
}

// Another phone scored meanwhile: both versions side by side, and the players choose.
const showClash = (first) => later().then(() => window.skWaiting.clash(first, api)).catch(() => null);

window.addEventListener("online", flush);
window.addEventListener("offline", render);
setInterval(() => { if (entries.length && online()) flush(); }, 5000);
load().then(() => {
  const clashed = entries.find((e) => e.state === "conflict");
  if (clashed) showClash(clashed);
  else if (online()) flush();
}).catch(() => {});
})();
