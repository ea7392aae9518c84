"""A player's games and their records: /games, /use, /history, /pdn, and where each game's
board is shown."""
