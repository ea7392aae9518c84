"""The SQL engines under the store: SQLite and PostgreSQL, their connections, and the numbered
migrations both apply."""
