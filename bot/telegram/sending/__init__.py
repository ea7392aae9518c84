"""How the Telegram front end talks to Telegram: the flood budget and its paced requests, the
outage watch, the order of updates."""
