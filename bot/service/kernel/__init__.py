"""The kernel of the service: what every capability stands on (docs/service.md).

The Kernel (kernel.py) composes the event bus (bus.py, events.py), background work and due
jobs (background.py, schedule.py), the one move commit and end of games; its parts live in
one folder per concern: game_flow/ (states, lookup, changes, turns, clocks, turn pings),
computer/ (the computer's players, workers and turns), rated/ (each game's ratings),
players/ (the roster, names, first players), families/ (the game families; display/ and words/
hold what they share). Nothing here imports a capability or anything above them."""
