"""The computer's turns: its players, the worker processes that think, and when it moves."""
