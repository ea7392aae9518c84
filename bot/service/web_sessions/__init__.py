"""Sign-ins to the web companion: a personal link given privately, the sessions it opens, and
/web logout (web_sessions.py)."""
