"""A known player's own pages: their history, statistics and privacy choice."""
