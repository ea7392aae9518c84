"""What the Discord front end posts: boards (board_posts.py), the channels' text and languages
(channels.py), notices, tournament threads, the answers to interactions, and the showing of
the service's events (showing.py)."""
