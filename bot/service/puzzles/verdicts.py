"""What the end of a puzzle's attempt says: solved or the solution asked for, rated or not
(only the first try counts), in the chat or with the solution sent privately."""

from __future__ import annotations

from bot.i18n import Text, text


def verdict(solved: bool, practice: bool) -> Text:
    """The end of an attempt: solved, or the solution asked for; `practice`, an attempt that
    counts for nothing (the retry after a miss, a puzzle met again)."""
    if solved:
        return (
            text("Solved! Not rated: only the first try counts.") if practice else text("Solved!")
        )
    return text("Here is the solution.") if practice else text("The solution: a miss counted.")


def private_verdict(solved: bool, practice: bool) -> Text:
    """The verdict in a group, whose solution goes to the player privately."""
    if solved and practice:
        return text(
            "Solved! Not rated: only the first try counts. The solution is in your private "
            "messages."
        )
    if solved:
        return text("Solved! The solution is in your private messages.")
    if practice:
        return text("The solution is in your private messages.")
    return text("A miss counted. The solution is in your private messages.")
