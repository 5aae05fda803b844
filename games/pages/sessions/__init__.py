"""The evening's pages: a session at one table, its matches, totals and settle-up."""
