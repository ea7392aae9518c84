"""The learned evaluation's pipeline: positions from the engine's own games, their labels, the
fitted pattern weights and the weight file the engine ships (docs/engine.md, "The learned
evaluation"). One command per step, each deterministic from its seed and rerunnable:

    python -m learning.generate --variant brazilian --games 2000 --seed 1
    python -m learning.label --variant brazilian --nodes 8000    # optional: deeper scores
    python -m learning.fit --variant brazilian --seed 1
    python -m learning.write --variant brazilian

Every step reads and writes under --data (default learning-data/, git-ignored): the positions
are data, never committed; only the small weight modules (games/damas/engine/learned/) are.
numpy (the `learn` extra) is the fit's and the writer's.
"""
