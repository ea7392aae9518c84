"""Telegram's webhook: updates pushed by Telegram through a proxy to any of the bot's
processes (listener.py), each handled once across them (inbox.py)."""
