"""The endgame databases: every position of few pieces solved, won, lost or drawn, with the
plies to the next move that starts the draw rules' count again (docs/engine.md, Endgame
databases).

materials (which tables a variant has, in the order they are built), numbering (a position's
table and number, as the compiled core numbers it), tables (a database's files read and
written, and what a position holds), loaded (the databases a process plays with), build (the
compiled core solves and checks them), moves (the move a database plays).
"""
