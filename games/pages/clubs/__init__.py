"""Accounts and clubs: signing in and up, the club's page for its directors, its rating lists."""
