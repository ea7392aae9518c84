"""Time in games: clocks and time controls (clocks.py), correspondence (reminders, losses on
time, vacations, the scheduler: correspondence.py) and turn pings in groups."""
