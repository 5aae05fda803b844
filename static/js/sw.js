// Pages and files open without signal; a form posted without signal is kept (IndexedDB) for
// offline.js to send when the connection returns.
"use strict";
const CACHE = "sk-2";
// Kept: match, event and start pages; not the director's, the admin or the API.
const KEEP = /^\/(?:$|offline\/$|m\/[^/]+\/|t\/[^/]+\/(?:results\/)?$)/;
// Forms that may wait.
const QUEUE = /^\/m\/([^/]+)\/(?:deals\/(?:(\d+)\/(edit|undo)\/)?|(confirm|dispute|reopen)\/)$/;
const open = () => caches.open(CACHE);
const bare = (u) => u.origin + u.pathname;
// Pages are kept per language (Content-Language); offline, in the last page's language (LANG),
// whose "No connection" page is fetched when it changes.
const LANG = "/sw-lang";
const lang = (a) => a.headers.get("Content-Language") || "";
const asked = (c) => c.match(LANG).then((l) => (l ? l.text() : ""));
const put = (c, u, a) => c.put(bare(u) + "?" + lang(a), a);
const mark = (c, a) => asked(c).then((l) => l !== lang(a) && Promise.all([c.put(LANG, new Response(lang(a))),
  fetch("/offline/").then((o) => o.ok && put(c, new URL("/offline/", self.location), o))]));
const save = (c, u, a) => Promise.all([put(c, u, a), mark(c, a)]);
const find = (c, u) => asked(c).then((l) =>
  c.match(bare(u) + "?" + l).then((a) => a || c.match(self.location.origin + "/offline/?" + l)));

// The start page and the "No connection" page, with every file they name.
self.addEventListener("install", (event) => {
  event.waitUntil(open().then((c) => Promise.all(["/offline/", "/"].map((p) => fetch(p).then((a) =>
    a.clone().text().then((html) => Promise.all([save(c, new URL(p, self.location), a), c.addAll(html.match(/\/static\/[^"]+/g) || [])]))))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// A page asks to keep what it shows (itself, its files, its last deal's pages).
self.addEventListener("message", (event) => {
  const keep = (event.data || {}).keep;
  if (!keep) return;
  event.waitUntil(open().then((c) => Promise.all(keep.map((url) => fetch(url).then((a) => {
    const u = new URL(url, self.location.origin);
    return a.ok && (u.pathname.startsWith("/static/") ? c.put(u.href, a) : save(c, u, a));
  }).catch(() => null)))).then(() => event.source && event.source.postMessage({ kept: 1 })));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.method === "GET" && url.pathname.startsWith("/static/")) {
    // Files: the kept copy, refreshed behind it.
    event.respondWith(open().then((c) => c.match(req).then((kept) => {
      const fresh = fetch(req).then((a) => { if (a.ok) c.put(req, a.clone()); return a; });
      if (!kept) return fresh;
      event.waitUntil(fresh.catch(() => null));
      return kept;
    })));
  } else if (req.mode === "navigate" && req.method === "GET") {
    // Pages: the network first (today's scores), else the kept copy.
    event.respondWith(fetch(req).then((a) => {
      if (a.ok && !a.redirected) {
        const copy = a.clone();
        open().then((c) => (KEEP.test(url.pathname) ? save(c, url, copy) : mark(c, copy)));
      }
      return a;
    }).catch(() => open().then((c) => find(c, url))));
  } else if (req.mode === "navigate" && req.method === "POST" && QUEUE.test(url.pathname)) {
    event.respondWith(post(req, url));
  }
});

// A form posted without signal: kept, and the page that shows what waits.
function post(req, url) {
  const copy = req.clone();
  return fetch(req).catch(() => copy.formData().then((form) => {
    const [, match, number, act, table] = url.pathname.match(QUEUE);
    const fields = [];
    form.forEach((v, k) => { if (typeof v === "string") fields.push([k, v]); });
    const version = form.get("version");
    return new Promise((resolve, reject) => {
      const db = indexedDB.open("scorekeeper", 1);
      db.onupgradeneeded = () => db.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
      db.onerror = () => reject(db.error);
      db.onsuccess = () => {
        const tx = db.result.transaction("queue", "readwrite");
        tx.objectStore("queue").add({
          match, url: url.pathname, kind: act || table || "deal", number: number ? +number : null,
          fields, version: version === null ? null : +version, state: "waiting", at: Date.now(),
        });
        tx.oncomplete = () => { db.result.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
      };
    }).then(() => Response.redirect(`/m/${match}/${/confirm|dispute/.test(table) ? "confirm/" : ""}#queue`, 303));
  }));
}
