// What a match page shows only while deals wait on this phone, loaded by offline.js then (and
// kept by the service worker): the board after the waiting deals, and a clash with another
// phone. No game's rules here: what moves the rotation is the server's (the board's data-ahead,
// data-dealt-again); the words are the page's.
(function () {
"use strict";
const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));
const board = document.getElementById("board");
const roles = board && board.querySelector("ul.next");
const reminder = board && board.querySelector(".reminder");
const was = {}; // the board as the server drew it, before any deal waited
let line = document.getElementById("last-deal");
let note = null;

// The newest waiting deal is the last deal, its state on a line of its own (never cut off).
function lastDeal(api, deal) {
  if (!line) {
    line = api.el("p", "last-deal");
    line.id = "last-deal";
    board.after(line);
  }
  line.textContent = api.label(deal) + (api.what(deal) ? ": " + api.what(deal) : "");
  line.appendChild(api.el("strong", "status", api.say("waiting")));
}

// Who deals after the waiting deals: the server's roles for the next deal and for each after
// it, once round the table (each: who takes each role, then the reminder if any), counting the
// deals that move the rotation. Unknown after a correction or an undo (either way), during a
// clash (the other phone's deals came first), or where the rotation alone does not say.
function nextRoles(api, entries) {
  const read = (name, empty) => JSON.parse(board.getAttribute(name) || empty);
  const ahead = read("data-ahead", "null");
  const again = read("data-dealt-again", "[]");
  const deals = entries.filter((e) => e.kind === "deal");
  const known = ahead && !entries.some((e) => e.kind === "edit" || e.kind === "undo" || e.state === "conflict");
  const moving = deals.filter((d) => !d.fields.some(([n, v]) => again.some(([a, b]) => a === n && b === v)));
  const step = known ? ahead[moving.length % ahead.length] : null;
  if (roles) {
    $$("li > strong", roles).forEach((who, i) => { who.textContent = step ? step[i] : ""; });
    roles.hidden = !step;
  }
  if (reminder) {
    reminder.textContent = step ? step[$$("li > strong", roles).length] || "" : "";
    reminder.hidden = !reminder.textContent;
  }
  note.textContent = [known ? "" : api.say("rolesUnknown"), deals.length ? api.say("totalsWait") : ""].join(" ").trim();
  note.hidden = !note.textContent;
}

function showBoard(api) {
  if (!board) return;
  const entries = api.entries;
  if (!note) {
    was.line = line && line.innerHTML;
    was.roles = roles && roles.innerHTML;
    was.reminder = reminder && reminder.textContent;
    note = board.appendChild(api.el("p", "small waiting-note"));
  }
  const deals = entries.filter((e) => e.kind === "deal");
  if (deals.length) lastDeal(api, deals[deals.length - 1]);
  else if (line && was.line == null) { line.remove(); line = null; }
  else if (line) line.innerHTML = was.line;
  if (entries.length) return nextRoles(api, entries);
  // Nothing waits any more (removed): the board as the server drew it.
  if (roles) { roles.innerHTML = was.roles; roles.hidden = false; }
  if (reminder) { reminder.textContent = was.reminder; reminder.hidden = false; }
  note.hidden = true;
}

// Another phone scored meanwhile: at the top, in place of the deal form, its deals and this
// phone's, until the players choose to send this phone's after them or to drop them.
function showClash(first, api) {
  const { el, say, box, clash, section } = api;
  return fetch(location.pathname, { credentials: "same-origin", cache: "no-store" })
    .then((a) => a.text()).then((html) => {
      const now = new DOMParser().parseFromString(html, "text/html").body;
      const theirs = el("ul", "theirs");
      $$("table.history tbody tr", now).reverse().forEach((tr) => {
        const n = tr.cells[0].textContent.trim();
        // A Persian page numbers its deals in Persian digits.
        if (tr.cells.length > 1 && Number(n.replace(/[۰-۹]/g, (d) => d.charCodeAt(0) - 1776)) >= first.number) {
          theirs.appendChild(el("li", "", say("deal", { n: n }) + ": " + tr.cells[1].textContent.trim()));
        }
      });
      const mine = el("ul", "mine");
      api.entries.forEach((e) => mine.appendChild(el("li", "", api.label(e) + (api.what(e) ? ": " + api.what(e) : ""))));
      const after = () => {
        let version = Number(now.getAttribute("data-version"));
        let number = Number(now.getAttribute("data-next"));
        ["data-version", "data-next"].forEach((a) => document.body.setAttribute(a, now.getAttribute(a)));
        // Who deals after this phone's deals now counts from the other phone's.
        const drawn = now.querySelector("#board");
        ["data-ahead", "data-dealt-again"].forEach((a) => board && board.setAttribute(a, (drawn && drawn.getAttribute(a)) || ""));
        clash.hidden = true;
        if (section) section.hidden = false;
        Promise.all(api.entries.map((e) => {
          e.state = "waiting";
          e.version = version;
          version += api.BUMPS[e.kind] || 0;
          if (e.kind === "deal") e.number = number++;
          return api.put(e);
        })).then(api.flush);
      };
      const drop = () => Promise.all(api.entries.map((e) => api.drop(e.id))).then(() => {
        sessionStorage.setItem("sk-dropped", "1");
        api.reload();
      });
      clash.textContent = "";
      clash.append(el("h3", "", say("clashTitle")), el("p", "", say("theirs")), theirs,
        el("p", "", say("mine")), mine,
        el("button", "button primary", say("sendAfter"), after), el("button", "button", say("drop"), drop));
      clash.hidden = box.hidden = false;
      if (section) section.hidden = true;
      box.scrollIntoView();
      showBoard(api);
    });
}

window.skWaiting = { board: showBoard, clash: showClash };
})();
