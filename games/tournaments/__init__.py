"""Tournament draws and standings, in plain Python (and networkx): re-seating individuals every
round, pairing pairs (Swiss, round robin, knockout) and ranking the field. Nothing here knows
about Django; the views and services store what these functions return."""
