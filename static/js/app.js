// Small comforts on top of pages that work without JavaScript.
(function () {
  "use strict";

  // One number is enough: its partner gets the rest of the deal's points (data-sum).
  document.querySelectorAll("[data-sum]").forEach(function (pair) {
    var inputs = pair.querySelectorAll("input[type=number]");
    if (inputs.length !== 2) return;
    var sum = parseInt(pair.getAttribute("data-sum"), 10);
    inputs.forEach(function (input, i) {
      input.addEventListener("input", function () {
        var value = parseInt(input.value, 10);
        var other = inputs[1 - i];
        if (!isNaN(value) && value >= 0 && value <= sum) other.value = sum - value;
      });
    });
  });

  // Fields that only one choice needs (the Trionfo partner with chiamo) hide for the others.
  document.querySelectorAll("[data-show-when]").forEach(function (block) {
    var rule = block.getAttribute("data-show-when").split("=");
    var form = block.closest("form");
    function update() {
      var chosen = form.querySelector("input[name='" + rule[0] + "']:checked");
      block.hidden = !!chosen && chosen.value !== rule[1];
    }
    form.addEventListener("change", update);
    update();
  });

  // Others at the table follow along: reload when the match changes, unless this phone is
  // in the middle of entering something.
  var poll = document.body.getAttribute("data-poll");
  if (!poll) return;
  var version = document.body.getAttribute("data-version");
  var busy = false;
  document.addEventListener("input", function () { busy = true; });
  document.addEventListener("change", function () { busy = true; });
  setInterval(function () {
    if (busy || document.hidden) return;
    fetch(poll, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && String(data.version) !== version) window.location.reload();
      })
      .catch(function () {});
  }, 2000);
})();

// Printable pages (results, table cards) get a print button; without JavaScript the browser's
// own menu prints them the same.
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
})();
