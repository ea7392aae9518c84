"""The changes other processes make on the same database (PostgreSQL), shown here."""
