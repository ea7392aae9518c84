"""Puzzles in the chat: /puzzle (puzzles.py), the daily puzzle of groups (daily.py), their
pictures and words (puzzle_views.py) and the set shipped with the bot (shipped.py)."""
