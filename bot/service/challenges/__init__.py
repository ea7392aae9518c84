"""Challenges (/new, /accept, /begin, /decline, /rematch) and the start of every game."""
