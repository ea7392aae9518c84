"""Ratings as the service keeps them: /profile and /top (ratings.py), which games are rated
and the write at a game's end (rated_games.py), reading, rebuilding and showing them. The
pure rating model is in bot/service/rating/."""
