"""Competition logic without I/O, beside games/: tournament pairings (pairing/) and ratings
(rating/). It imports nothing of bot/ or storage/ (tests/test_import_layers.py)."""
