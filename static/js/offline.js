// Scoring without signal. The service worker (sw.js) keeps the pages; this script keeps what is
// entered while the connection is gone (IndexedDB, in the order entered), shows it in the history
// as waiting, and sends it when the connection returns: the very form the page would have posted,
// each with its own form_key, so a retry is recorded once. Words come from #offline-words, which
// the server renders in the page's language.
(function () {
  "use strict";
  const body = document.body;
  const words = (document.getElementById("offline-words") || { dataset: {} }).dataset;
  function say(name, values) {
    let text = words[name] || "";
    Object.keys(values || {}).forEach((k) => { text = text.split("{" + k + "}").join(values[k]); });
    return text;
  }
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The phone's queue: one object store, its ids in the order things were entered.
  function db() {
    return new Promise((resolve, reject) => {
      const open = indexedDB.open("scorekeeper", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
  }
  function store(mode, work) {
    return db().then((d) => new Promise((resolve, reject) => {
      const tx = d.transaction("queue", mode);
      const result = work(tx.objectStore("queue"));
      tx.oncomplete = () => { d.close(); resolve(result && result.result); };
      tx.onerror = () => { d.close(); reject(tx.error); };
    }));
  }
  const queue = {
    all: () => store("readonly", (s) => s.getAll()).then((list) => list || []),
    add: (entry) => store("readwrite", (s) => s.add(entry)),
    put: (entry) => store("readwrite", (s) => s.put(entry)),
    drop: (id) => store("readwrite", (s) => s.delete(id)),
  };
  const hasDb = "indexedDB" in window;

  // The installable app: the service worker keeps this page and its files for offline use.
  if ("serviceWorker" in navigator) {
    const ready = () => body.setAttribute("data-offline-ready", "");
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.kept) ready();
    });
    const controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
    navigator.serviceWorker.ready.then((registration) => {
      if (controlled) return ready();
      const files = Array.from(document.querySelectorAll("link[rel=stylesheet], script[src], link[rel=icon]"))
        .map((node) => node.href || node.src);
      const keep = body.hasAttribute("data-recent") || body.hasAttribute("data-match") ? [location.pathname] : [];
      registration.active.postMessage({ keep: keep.concat(files) });
    });
  }

  // The matches and sessions this phone opened, newest first, kept on the phone.
  const recentKey = "sk-recent";
  function recent() {
    try { return JSON.parse(localStorage.getItem(recentKey)) || []; } catch (e) { return []; }
  }
  if (body.hasAttribute("data-recent")) {
    const list = recent().filter((item) => item.u !== location.pathname);
    list.unshift({ u: location.pathname, t: body.getAttribute("data-recent"), at: Date.now() });
    try { localStorage.setItem(recentKey, JSON.stringify(list.slice(0, 12))); } catch (e) { /* full */ }
  }
  const recentBox = document.getElementById("recent");
  if (recentBox) {
    const items = recent();
    const ul = recentBox.querySelector("ul");
    items.forEach((item) => {
      const li = el("li");
      const a = el("a", "", item.t);
      a.href = item.u;
      li.appendChild(a);
      ul.appendChild(li);
    });
    recentBox.hidden = !items.length;
    if (hasDb) {
      queue.all().then((entries) => items.forEach((item, i) => {
        const n = entries.filter((e) => item.u === "/m/" + e.match + "/").length;
        if (n) ul.children[i].appendChild(el("span", "tag", say("waitingShort", { n: n })));
      })).catch(() => {});
    }
  }

  const match = body.getAttribute("data-match");
  if (!match || !hasDb) return;
  const mine = (entries) => entries.filter((e) => e.match === match).sort((a, b) => a.id - b.id);

  // A confirmation waits until this phone has sent the table's deals.
  const confirmForm = document.querySelector("form[action$='/confirm/']");
  if (confirmForm) {
    queue.all().then((entries) => {
      if (!mine(entries).some((e) => e.kind !== "confirm" && e.kind !== "dispute")) return;
      confirmForm.querySelectorAll("button").forEach((b) => { b.disabled = true; });
      confirmForm.insertBefore(el("p", "reminder", say("holdConfirm")), confirmForm.firstChild);
    }).catch(() => {});
  }

  const box = document.getElementById("queue");
  if (!box) return;
  const stateLine = box.querySelector(".queue-state");
  const list = box.querySelector("ol.waiting");
  const clash = box.querySelector(".clash");
  const form = document.querySelector("form.deal-form");
  let entries = [];
  let sending = false;
  let sentNow = 0;
  let note = "";
  let dirty = false;

  const BUMPS = { deal: 1, edit: 1, undo: 1 };
  const SKIP = { csrfmiddlewaretoken: 1, version: 1, form_key: 1 };
  function baseVersion() {
    return Number(body.getAttribute("data-version")) +
      entries.reduce((n, e) => n + (BUMPS[e.kind] || 0), 0);
  }
  function numberDeals() {
    let next = Number(body.getAttribute("data-next"));
    entries.forEach((e) => {
      if (e.kind !== "deal") return;
      if (!e.number) e.number = next;
      next = e.number + 1;
    });
    return next;
  }
  function key() {
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_");
  }

  // The deal in words, from the labels of the page's own deal form.
  function summary(fields) {
    const parts = [];
    fields.forEach(([name, value]) => {
      if (SKIP[name] || !form) return;
      const sel = "[name='" + CSS.escape(name) + "']";
      const choice = form.querySelector("input" + sel + "[value='" + CSS.escape(value) + "'], button" + sel + "[value='" + CSS.escape(value) + "']");
      const field = choice || form.querySelector(sel);
      if (!field || (!choice && value === "")) return;
      const set = field.closest("fieldset");
      const legend = set && set.querySelector("legend");
      const label = field.closest("label") || (field.id && form.querySelector("label[for='" + field.id + "']"));
      let text = field.tagName === "BUTTON" ? field.textContent : (choice ? (label ? label.textContent : value) : ((label ? label.textContent + " " : "") + value));
      if (legend && (choice || !label)) text = legend.textContent.replace(/\s*\(.*\)\s*$/, "") + ": " + text;
      parts.push(text.replace(/\s+/g, " ").trim());
    });
    return parts.join(" · ");
  }

  function title(e) {
    return say({ deal: "deal", edit: "correct", undo: "undo" }[e.kind] || e.kind, { n: e.number || "" });
  }

  function render() {
    const next = numberDeals();
    const heading = document.getElementById("entry-title");
    if (heading && entries.length) heading.textContent = say("deal", { n: next });
    list.textContent = "";
    entries.slice().reverse().forEach((e, i) => {
      const li = el("li", "waiting " + e.state);
      li.appendChild(el("strong", "", title(e)));
      const what = e.kind === "deal" || e.kind === "edit" ? summary(e.fields) : "";
      if (what) li.appendChild(el("span", "what", what));
      if (e.kind === "deal") li.appendChild(el("span", "small", say("noTotals")));
      const status = e.state === "failed" ? say("failed", { reason: e.reason || say("refused") })
        : e.state === "conflict" ? say("conflict") : say(sending ? "sending" : "waiting");
      li.appendChild(el("span", "status", status));
      if (e.state === "failed") {
        const again = el("button", "link", say("retry"));
        again.type = "button";
        again.addEventListener("click", () => { e.state = "waiting"; queue.put(e).then(flush); });
        li.appendChild(again);
      }
      if (i === 0 || e.state === "failed" || e.state === "conflict") {
        const remove = el("button", "link", say("remove"));
        remove.type = "button";
        remove.addEventListener("click", () => queue.drop(e.id).then(load));
        li.appendChild(remove);
      }
      list.appendChild(li);
    });
    const stuck = entries.some((e) => e.state !== "waiting");
    let text = entries.length ? say("count", { n: entries.length }) : "";
    if (entries.length && !navigator.onLine) text = say("offline") + " " + text;
    if (stuck) text += " " + say("stuck");
    if (entries.length && body.querySelector(".at-table")) text += " " + say("holdConfirm");
    if (!entries.length && sentNow) text = say("sentCount", { n: sentNow }) + " " + say("allSent");
    text = text || note;
    stateLine.textContent = text;
    box.hidden = !text;
    if (entries.length) body.setAttribute("data-hold", "");
    else body.removeAttribute("data-hold");
    // The server's Undo would be refused while deals entered after it wait: Remove takes its place.
    document.querySelectorAll("table.history a[href$='/undo/']").forEach((a) => {
      a.hidden = entries.some((e) => e.kind === "deal");
    });
  }

  function load() {
    return queue.all().then((all) => { entries = mine(all); render(); });
  }

  // A deal entered while the connection is gone (or while earlier ones still wait) joins the queue.
  let touched = true;
  if (form) {
    form.addEventListener("change", (event) => { if (event.isTrusted) touched = true; });
    form.addEventListener("input", () => { touched = true; });
    form.addEventListener("submit", (event) => {
      if (navigator.onLine && !entries.length) return; // the page posts it as it always did
      event.preventDefault();
      const data = new FormData(form, event.submitter || undefined);
      const fields = [];
      data.forEach((value, name) => { if (typeof value === "string") fields.push([name, value]); });
      // A tap with nothing chosen since the last deal kept is a double tap: every deal
      // needs a choice (the form is cleared after each).
      if (!touched) return;
      touched = false;
      const version = baseVersion();
      const entry = {
        match: match, url: form.getAttribute("action"), kind: "deal", number: numberDeals(),
        fields: fields.map(([n, v]) => [n, n === "form_key" ? key() : n === "version" ? String(version) : v]),
        version: version, state: "waiting", at: Date.now(),
      };
      if (!fields.some(([n]) => n === "form_key")) entry.fields.push(["form_key", key()]);
      entries.push(entry);
      render(); // on the screen before anything is written
      queue.add(entry).then((id) => { entry.id = id; if (navigator.onLine) flush(); });
      form.reset();
      form.querySelectorAll("fieldset.folded").forEach((set) => set.classList.remove("folded"));
      form.dispatchEvent(new Event("change"));
    });
  }

  function reload() {
    history.replaceState(null, "", location.pathname + "#history");
    location.reload();
  }

  function reason(html, status) {
    if (status === 403) return say("noAccess");
    const page = new DOMParser().parseFromString(html, "text/html");
    const errors = Array.from(page.querySelectorAll("main .error, .messages li.error"))
      .map((n) => n.textContent.trim()).filter(Boolean);
    return errors.join(" ");
  }

  function send(e) {
    const data = new URLSearchParams();
    e.fields.forEach(([n, v]) => data.append(n, n === "version" && e.version != null ? String(e.version) : v));
    return fetch(e.url, { method: "POST", body: data, credentials: "same-origin" }).then((answer) =>
      answer.text().then((html) => {
        if (answer.status === 409 && e.kind === "deal") return "conflict";
        if (answer.status >= 500 || answer.status === 429) return "later";
        const why = answer.ok ? reason(html, 200) : reason(html, answer.status) || say("refused");
        if (!answer.ok || why) { e.reason = why; return "failed"; }
        return "sent";
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
          return queue.drop(e.id).then(next);
        }
        if (outcome === "later") return null;
        e.state = outcome;
        return queue.put(e).then(() => (outcome === "conflict" ? showClash(e) : null));
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

  // Another phone scored meanwhile: both versions, and the players choose.
  function showClash(first) {
    return fetch(location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then((a) => a.text()).then((html) => {
        const page = new DOMParser().parseFromString(html, "text/html");
        const theirs = Array.from(page.querySelectorAll("table.history tbody tr"))
          .filter((tr) => Number(tr.cells[0].textContent) >= (first.number || 0)).reverse();
        clash.textContent = "";
        clash.appendChild(el("h3", "", say("clashTitle")));
        clash.appendChild(el("p", "", say("theirs")));
        const ul = el("ul", "theirs");
        theirs.forEach((tr) => ul.appendChild(el("li", "", say("deal", { n: tr.cells[0].textContent.trim() }) + ": " + tr.cells[1].textContent.trim())));
        clash.appendChild(ul);
        clash.appendChild(el("p", "", say("mine")));
        const after = el("button", "button primary", say("sendAfter"));
        const drop = el("button", "button", say("drop"));
        after.type = drop.type = "button";
        after.addEventListener("click", () => {
          let version = Number(page.body.getAttribute("data-version"));
          let number = Number(page.body.getAttribute("data-next"));
          const moved = entries.map((e) => {
            e.state = "waiting";
            if (e.kind === "deal") { e.number = number; number += 1; }
            e.version = version;
            version += BUMPS[e.kind] || 0;
            return queue.put(e);
          });
          body.setAttribute("data-version", page.body.getAttribute("data-version"));
          body.setAttribute("data-next", page.body.getAttribute("data-next"));
          clash.hidden = true;
          Promise.all(moved).then(flush);
        });
        drop.addEventListener("click", () => {
          Promise.all(entries.map((e) => queue.drop(e.id))).then(() => {
            sessionStorage.setItem("sk-dropped", "1");
            reload();
          });
        });
        clash.appendChild(after);
        clash.appendChild(drop);
        clash.hidden = false;
        box.hidden = false;
      }).catch(() => null);
  }

  if (form) form.addEventListener("input", () => { dirty = true; });
  const told = sessionStorage.getItem("sk-sent");
  if (told) { sentNow = Number(told); sessionStorage.removeItem("sk-sent"); }
  if (sessionStorage.getItem("sk-dropped")) {
    sessionStorage.removeItem("sk-dropped");
    note = say("dropped");
  }
  window.addEventListener("online", flush);
  window.addEventListener("offline", render);
  setInterval(() => { if (entries.length && navigator.onLine) flush(); }, 5000);
  load().then(() => {
    if (entries.some((e) => e.state === "conflict")) showClash(entries.find((e) => e.state === "conflict"));
    else if (navigator.onLine) flush();
  }).catch(() => {});
})();
