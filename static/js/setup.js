// The set-up page of a match: teams named by their players as they are typed (Malilla's albur),
// so that the choice of who won the draw says who plays in each team.
(function () {
  "use strict";
  // data-teams="0 2;1 3": each team's seats; a seat not typed yet is named by its field's
  // label, as the server does.
  document.querySelectorAll("input[data-teams][value='']").forEach(function (none) {
    var form = none.form;
    var teams = none.getAttribute("data-teams").split(";").map(function (t) { return t.split(" "); });
    function name(seat) {
      var field = form.elements["player_" + seat];
      var label = field && form.querySelector("label[for='" + field.id + "']");
      return (field && field.value.trim()) || (label ? label.textContent.trim() : "");
    }
    form.addEventListener("input", function () {
      teams.forEach(function (seats, team) {
        var choice = form.querySelector("input[name='" + none.name + "'][value='" + team + "']");
        var label = choice && choice.closest("label");
        if (label) label.lastChild.textContent = " " + seats.map(name).join(" & ");
      });
    });
  });
})();
