"""What the bots themselves sent: when each last wrote on its platform (last_sends.py)."""
