"""Playing a game: moves and rolls (play.py), resignations, draws, claims and aborts
(results.py), takebacks, and whose turn it is with the positions before it (turns.py)."""
