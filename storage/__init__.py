"""Storage: SQLite through aiosqlite; knows games only as text."""
