"""Each game's ratings: what a rated game is, the seats' ratings, and the rebuild of them all."""
