"""Tournaments: entries (tournament_entries.py), running them (tournaments.py), reports and
exports (tournament_reports.py), the /tournament command, their options, texts, pictures and
the check of a finished one's draw. The pairing rules are in bot/service/pairing/."""
