"""What the boards of every family share: the move as a button offers it, the position
replayed before a move. Each family's own boards are in bot/service/kernel/families/."""
