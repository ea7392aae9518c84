"""The kernel of the service: what every capability stands on (docs/service.md).

The Kernel (kernel.py) holds the game states (states.py), one lock per game, the one move
commit and the one end of games, the players (roster.py), the publishing of events
(events.py) and the computer's turns (computer_players.py, workers.py); beside it, what those
need: the game families (families/; display/ and words/ hold what they share), turns and
clocks (turns.py, clocks.py, turn_pings.py) and each game's ratings (rated_games.py,
seat_ratings.py, rating_rebuild.py). Nothing here imports a capability or anything above them."""
