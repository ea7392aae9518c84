"""Playing a game: moves and rolls (play.py), resignations, draws, claims and aborts
(results.py) and takebacks (takeback.py). Whose turn it is lives in the kernel (turns.py)."""
