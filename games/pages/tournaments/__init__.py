"""The tournament pages: the directors' pages, the public and projector pages, a table's card
and its confirmation."""
