"""The optional C core of the draughts engine; everything else is in pyproject.toml.

`optional=True`: where no C compiler works the build skips the extension and the engine runs
in pure Python (games/damas/engine/compiled.py chooses at import).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "games.damas.engine._core",
            ["games/damas/engine/_core.c"],
            optional=True,
            extra_compile_args=["-O2"],
        )
    ]
)
