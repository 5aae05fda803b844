"""Each game's explanation examples, one module per game (``<slug>.py``), read by
tests/games/rules/test_explanations.py. A module holds ``EXAMPLES``: a list of dicts, one or
more per kind of outcome the game names (``Game.outcome_kinds``), each

- ``kind``: the kind of outcome of the deal explained;
- ``rules``: the rule options that differ from the defaults (``{}`` for none);
- ``players``: how many sit at the table;
- ``setup``: the match's set-up fields (``{}`` unless the game takes some);
- ``before``: the deals entered before it, as the API takes them (often ``[]``);
- ``deal``: the deal explained, as the API takes it;
- ``lines``: its explanation in English, line by line, exactly as the engine says it.

Written from RULES.md's examples where it has them, so a wrong figure fails as a wrong
English sentence."""
