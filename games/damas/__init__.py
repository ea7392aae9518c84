"""Draughts: Brazilian, International, Italian and the Italian household variant."""
