"""The one message of each competition's leaderboard in each chat, kept in the database so that
every process, and the same one after a restart, edits it (messages.py)."""
