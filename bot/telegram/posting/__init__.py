"""What the Telegram front end posts: board contents, the board desk that sends and edits them,
the showing of service events, tournament boards, progress messages."""
