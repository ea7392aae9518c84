"""Matches between two clubs: two chats (or two sides of one chat) field N players each,
board 1 pairing each side's highest rated; each board's pair plays two games, one with each
colour; the match is scored by board points (docs/clubmatch.md)."""
