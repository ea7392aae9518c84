"""Ludo with the towers of the Brazilian rules."""
