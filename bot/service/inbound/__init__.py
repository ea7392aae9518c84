"""Updates a chat platform pushes to the bot, handled once across processes (updates.py)."""
