"""Ratings as players see them: /profile and /top (ratings.py) and their pictures and lines
(views.py). Which games are rated and each game's ratings are the kernel's
(kernel/rated/rated_games.py, kernel/rated/seat_ratings.py); the pure rating model is in
competition/rating/."""
