"""The one table of commands every front end reads (issue 23): table.py holds it, spec.py
says what an entry is, typed.py reads typed words; games.py, play.py and people.py hold the
entries by area."""
