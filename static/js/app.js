// Small comforts on top of pages that work without JavaScript.
(function () {
  "use strict";

  // One number is enough: its partner gets the rest of the deal's points (data-sum). Persian
  // and Arabic-Indic digits too: the code's last hex digit.
  document.querySelectorAll("[data-sum]").forEach(function (pair) {
    var inputs = pair.querySelectorAll("input[inputmode]");
    if (inputs.length !== 2) return;
    var sum = parseInt(pair.getAttribute("data-sum"), 10);
    inputs.forEach(function (input, i) {
      input.addEventListener("input", function () {
        var value = parseInt(input.value.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, function (d) {
          return d.charCodeAt(0) % 16;
        }), 10);
        var other = inputs[1 - i];
        if (!isNaN(value) && value >= 0 && value <= sum) other.value = sum - value;
      });
    });
  });

  // A long row of choices (Rikken's contracts, a card's rank) folds to the one chosen, so the
  // next field comes up under the thumb; tapping the chosen one unfolds the row again.
  document.querySelectorAll("fieldset.fold").forEach(function (set) {
    function fold() {
      if (set.querySelector("input:checked")) set.classList.add("folded");
    }
    set.addEventListener("change", fold);
    set.addEventListener("click", function (event) {
      var label = event.target.closest("label");
      if (!label || !set.classList.contains("folded")) return;
      if (label.querySelector("input:checked")) {
        event.preventDefault();
        set.classList.remove("folded");
      }
    });
    fold();
  });

  // Fields that only some choices need (the Trionfo partner with chiamo, Rikken's partner with
  // a rik) hide for the others, and a deal does not send them: data-show-when="name=value|value".
  // Shown until a choice is made; a typed field counts as chosen, empty or not.
  document.querySelectorAll("[data-show-when]").forEach(function (block) {
    var rule = block.getAttribute("data-show-when").split("=");
    var values = rule[1].split("|");
    var form = block.closest("form");
    function update() {
      var chosen = form.querySelector("input[name='" + rule[0] + "']:checked") ||
        form.querySelector("select[name='" + rule[0] + "'], input[name='" + rule[0] + "']:not([type=radio])");
      block.hidden = !!chosen && values.indexOf(chosen.value) < 0;
      if (!form.classList.contains("deal-form")) return;
      block.querySelectorAll("input, select, textarea, button").forEach(function (control) {
        control.disabled = block.hidden;
      });
    }
    form.addEventListener("change", update);
    form.addEventListener("input", update);
    update();
  });

  // Where keys enter the deal, the keyboard's Go in a typed field would enter it with the
  // first key: it closes the keyboard instead.
  document.querySelectorAll("form.deal-form").forEach(function (form) {
    if (!form.querySelector(".keys")) return;
    form.addEventListener("keydown", function (event) {
      var field = event.target;
      if (event.key !== "Enter" || field.tagName !== "INPUT" || /^(radio|checkbox)$/.test(field.type)) return;
      event.preventDefault();
      field.blur();
    });
  });

  // Follow along: reload on a change, unless this phone is entering something. The pace:
  // games/pages/live.py.
  var body = document.body, poll = body.getAttribute("data-poll");
  if (!poll) return;
  var token = body.getAttribute("data-poll-token") || "";
  var fixed = body.getAttribute("data-poll-every") * 1000;
  var since = Date.now(), delay = fixed || 2000, timer, busy = false;
  document.addEventListener("input", function () { busy = true; });
  document.addEventListener("change", function () { busy = true; });
  function later() {
    clearTimeout(timer);
    if (!fixed && Date.now() - since > 60000) delay = Math.min(10000, delay * 1.5);
    if (!document.hidden) timer = setTimeout(ask, delay);
  }
  function ask() {
    // data-hold: deals wait on this phone (offline.js), which reloads once they are sent.
    if (busy || body.hasAttribute("data-hold")) return later();
    fetch(poll, { headers: { Accept: "application/json", "If-None-Match": '"' + token + '"' }, cache: "no-store" })
      .then(function (r) { return r.status === 200 ? r.json() : null; })
      .then(function (data) {
        if (data && String(data.version) !== token && !busy) window.location.reload();
        else later();
      }, later);
  }
  document.addEventListener("visibilitychange", function () {
    clearTimeout(timer);
    if (!document.hidden) ask();
  });
  later();
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

// A tournament's house rules: the chosen game's chips show (data-show-when); one left chosen
// from another game goes back to the game's usual rules.
document.querySelectorAll("#f-preset").forEach(function (set) {
  set.form.addEventListener("change", function () {
    var chosen = set.querySelector("input:checked");
    if (chosen && chosen.closest("label").hidden) set.querySelector("input[value='']").checked = true;
  });
});
