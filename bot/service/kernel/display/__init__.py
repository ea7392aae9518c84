"""The per-family pictures and choices: the neutral move choice, draughts' and Ludo's board
views, the replayed position before a move."""
