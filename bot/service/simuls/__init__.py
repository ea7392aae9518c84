"""Simultaneous exhibitions: one host against many challengers, each on a board of his own (a
game of the service); the host's desk, the results and the summary (docs/simuls.md)."""
