"""Tournaments: entries (entries.py), running them (tournaments.py), reports and exports
(reports.py), their options, texts, pictures and the check of a finished one's draw
(verification.py). The pairing rules are in competition/pairing/."""
