"""The optional C core of the draughts engine; everything else is in pyproject.toml.

`optional=True`: where no C compiler works the build skips the extension and the engine runs
in pure Python (games/damas/engine/compiled.py chooses at import).
"""

from setuptools import Extension, setup

CORE_FILES = ("read", "movegen", "evaluate", "core_type", "table", "search")

setup(
    ext_modules=[
        Extension(
            "games.damas.engine._core",
            [
                "games/damas/engine/_core.c",
                *(f"games/damas/engine/core/{name}.c" for name in CORE_FILES),
            ],
            depends=["games/damas/engine/core/core.h"],
            optional=True,
            extra_compile_args=["-O2"],
        )
    ]
)
