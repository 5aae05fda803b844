// The start page (and the "No connection" page): the matches and events this phone opened
// (offline.js records them), each with how many things wait on the phone to be sent.
(function () {
  "use strict";
  const box = document.getElementById("recent");
  let recent = [];
  try { recent = JSON.parse(localStorage.getItem("sk-recent")) || []; } catch (e) { /* none */ }
  // A match the page already lists (with its score and status) is not listed twice: what waits
  // for it is told on that line.
  const listed = {};
  document.querySelectorAll("ul.matches a").forEach((a) => { listed[a.getAttribute("href")] = a.parentNode; });
  if (!box || !recent.length) return;
  const words = document.getElementById("offline-words").dataset;
  const ul = box.querySelector("ul");
  const rows = recent.map((item) => {
    if (listed[item.u]) return listed[item.u];
    const li = ul.appendChild(document.createElement("li"));
    const a = li.appendChild(document.createElement("a"));
    a.href = item.u;
    a.textContent = item.t;
    return li;
  });
  box.hidden = !ul.children.length;
  const open = indexedDB.open("scorekeeper", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
  open.onsuccess = () => {
    const asked = open.result.transaction("queue").objectStore("queue").getAll();
    asked.onsuccess = () => recent.forEach((item, i) => {
      const n = asked.result.filter((e) => item.u === "/m/" + e.match + "/").length;
      if (!n) return;
      const tag = rows[i].appendChild(document.createElement("span"));
      tag.className = "tag";
      tag.textContent = words.waitingShort.replace("{n}", n.toLocaleString(document.documentElement.lang));
    });
  };
})();
