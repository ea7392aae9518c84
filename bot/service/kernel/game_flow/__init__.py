"""The games in play: their states and where they are seen, the changes to them, turns
and clocks."""
