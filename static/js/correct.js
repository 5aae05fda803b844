// A correction made without signal is asked here before it waits on the phone (sw.js keeps the
// form): online, the server asks instead, with its before and after, which need the rules.
(function () {
  "use strict";
  const ask = document.getElementById("ask");
  const form = ask && document.querySelector("form.deal-form");
  if (!form) return;
  const keep = (name, value) => {
    const field = document.createElement("input");
    Object.assign(field, { type: "hidden", name: name, value: value });
    form.appendChild(field);
  };
  form.addEventListener("submit", (event) => {
    if (navigator.onLine) return;
    event.preventDefault();
    // The key tapped (Marafon's points, Rikken's tricks) goes along when the players confirm.
    const tapped = event.submitter;
    if (tapped && tapped.name) keep(tapped.name, tapped.value);
    ask.hidden = false;
    ask.scrollIntoView();
  });
  ask.querySelector("button").addEventListener("click", () => {
    keep("confirm", "1");
    form.submit();
  });
})();
