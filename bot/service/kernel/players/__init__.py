"""The people who play: the roster, their names, and who played first in a chat."""
