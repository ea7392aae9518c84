"""The words of games that are not a command's: the rules (rules_text.py), Ludo's and the
dice's lines, counted nouns, text boards and the computer's levels."""
