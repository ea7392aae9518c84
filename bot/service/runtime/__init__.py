"""The service's running parts: game states kept in memory, the worker processes, the computer
players, other processes' changes."""
