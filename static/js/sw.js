// The service worker: pages and files open without a connection, and a form sent while the
// connection is gone is kept on the phone (IndexedDB) instead of lost. The pages' own script
// (offline.js) sends what is kept once the connection returns.
"use strict";

const CACHE = "sk-1";
// Pages worth keeping: a match and its history, edit, undo and confirmation pages, a
// tournament's public pages and the start page. Never the director's, the admin or the API.
const KEEP = /^\/(?:$|offline\/$|m\/[^/]+\/|t\/[^/]+\/(?:results\/)?$)/;
// Forms that may wait on the phone: a deal, a correction, an undo, a table's confirmation.
const QUEUE = /^\/m\/([^/]+)\/(?:deals\/(?:(\d+)\/(edit|undo)\/)?|(confirm|dispute|reopen)\/)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(["/offline/", "/"]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// A page asks to keep what it shows (itself, its CSS and scripts) so it opens offline.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (!data.keep) return;
  const done = caches.open(CACHE).then((cache) =>
    Promise.all(data.keep.map((url) =>
      fetch(url, { credentials: "same-origin" })
        .then((answer) => (answer.ok ? cache.put(key(url), answer) : null))
        .catch(() => null))));
  event.waitUntil(done.then(() => {
    if (event.source) event.source.postMessage({ kept: data.keep.length });
  }));
});

function key(url) {
  const u = new URL(url, self.location.origin);
  return u.pathname.startsWith("/static/") ? u.href : u.origin + u.pathname;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "GET" && url.pathname.startsWith("/static/")) {
    event.respondWith(staticFile(event));
  } else if (request.mode !== "navigate") {
    return; // the pages' own fetches (polls, sending what waits) go straight to the network
  } else if (request.method === "GET") {
    event.respondWith(page(request, url));
  } else if (request.method === "POST" && QUEUE.test(url.pathname)) {
    event.respondWith(post(request, url));
  }
});

// Files: the kept copy at once, refreshed behind it.
function staticFile(event) {
  return caches.open(CACHE).then((cache) => cache.match(event.request).then((kept) => {
    const fresh = fetch(event.request).then((answer) => {
      if (answer.ok) cache.put(event.request, answer.clone());
      return answer;
    });
    if (kept) {
      event.waitUntil(fresh.catch(() => null));
      return kept;
    }
    return fresh;
  }));
}

// Pages: the network first (the scores must be today's), the kept copy without a connection.
function page(request, url) {
  return fetch(request).then((answer) => {
    if (answer.ok && !answer.redirected && KEEP.test(url.pathname)) {
      const copy = answer.clone();
      caches.open(CACHE).then((cache) => cache.put(url.origin + url.pathname, copy));
    }
    return answer;
  }).catch(() => caches.open(CACHE).then((cache) =>
    cache.match(url.origin + url.pathname)
      .then((kept) => kept || cache.match(url.origin + "/offline/"))
      .then((kept) => kept || Response.error())));
}

// A form sent while the connection is gone: kept, and the match page opened from the phone.
function post(request, url) {
  const copy = request.clone();
  return fetch(request).catch(() => copy.formData().then((form) => {
    const found = url.pathname.match(QUEUE);
    const fields = [];
    form.forEach((value, name) => { if (typeof value === "string") fields.push([name, value]); });
    const version = form.get("version");
    return keep({
      match: found[1],
      url: url.pathname,
      kind: found[3] || found[4] || "deal",
      number: found[2] ? Number(found[2]) : null,
      fields,
      version: version === null ? null : Number(version),
      state: "waiting",
      at: Date.now(),
    // Back to the page that shows what waits: the confirmation page for the other side.
    }).then(() => Response.redirect("/m/" + found[1] + (/confirm|dispute/.test(found[4]) ? "/confirm/" : "/") + "#queue", 303));
  }));
}

function keep(entry) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("scorekeeper", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction("queue", "readwrite");
      tx.objectStore("queue").add(entry);
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  });
}
