"""A match at its table: the start, the scoreboard with the deal form, the history, corrections
and settle-up, and the shared machinery of the per-game page modules (games/pages/games/)."""
