// The projector pages through what does not fit its screen: each long table shows as many rows
// as fit below it, and turns to the next page every few seconds, by itself.
(function () {
  "use strict";
  if (!document.body.classList.contains("projector")) return;
  var seconds = 8;
  var lang = document.documentElement.lang;
  document.querySelectorAll(".projector .live table").forEach(function (table) {
    var rows = Array.prototype.slice.call(table.tBodies[0] ? table.tBodies[0].rows : []);
    if (!rows.length) return;
    var bottom = rows[rows.length - 1].getBoundingClientRect().bottom;
    if (bottom <= window.innerHeight - 8) return;  // it fits as it is
    var note = document.createElement("p");
    note.className = "page-of";
    note.setAttribute("aria-live", "polite");
    note.textContent = "1 / 1";
    table.parentNode.insertBefore(note, table);
    var first = rows[0].getBoundingClientRect();
    var room = window.innerHeight - first.top - 16;
    var perPage = Math.max(1, Math.floor(room / Math.max(first.height, 1)));
    var pages = Math.ceil(rows.length / perPage);
    var page = 0;
    function show() {
      rows.forEach(function (row, i) {
        row.hidden = Math.floor(i / perPage) !== page;
      });
      note.textContent = (page + 1).toLocaleString(lang) + " / " + pages.toLocaleString(lang);
      table.setAttribute("data-page", String(page + 1));
    }
    show();
    setInterval(function () { page = (page + 1) % pages; show(); }, seconds * 1000);
  });
})();
