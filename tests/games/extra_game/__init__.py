"""A sixth game that lives only here, to prove that a game needs nothing outside its three
places (its rules module, its page module, its template): "Tens", two partnerships share ten
points a deal, and the first to reach the target wins. See docs/adding-a-game.md."""
