"""The words of games that are not a command's nor a family's: /rules and /help's lists
(rules_text.py), counted nouns, text boards, near misses and the computer's levels."""
