"""The optional C core of the draughts engine; everything else is in pyproject.toml.

`optional=True`: where no C compiler works the build skips the extension and the engine runs
in pure Python (games/damas/engine/compiled.py chooses at import). With gcc or clang the core
is built with strict warnings; DAMAS_STRICT_CORE=1 (CI: .ci/run) makes each warning an error
and a core that does not build a failed install, never a silent fall back to pure Python.
"""

import os
import platform

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

CORE_FILES = (
    *("read", "movegen", "evaluate", "core_type", "pages", "table", "search"),
    *("endgame", "endgame_build", "material"),
)
STRICT = os.environ.get("DAMAS_STRICT_CORE") == "1"
# gcc's and clang's names: -Wconversion and -Wsign-conversion hold every narrowing to a cast
# that says so; -Wvla keeps the stack bounded.
WARNINGS = [
    "-Wall",
    "-Wextra",
    "-Wpedantic",
    "-Wshadow",
    "-Wconversion",
    "-Wsign-conversion",
    "-Wstrict-prototypes",
    "-Wmissing-prototypes",
    "-Wvla",
    "-Wcast-qual",
    "-Wformat=2",
    "-Wundef",
]


# The search counts bits at every node: on x86-64 one instruction does it (-mpopcnt; the core
# refuses to load on a processor without it, and the engine runs in pure Python there)
# instead of a call into the compiler's library, a sixth more nodes a second.
FAST_BITS = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []


class BuildCore(build_ext):
    """The warnings and FAST_BITS where the compiler takes gcc's options (not MSVC)."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            for extension in self.extensions:
                strict = ["-Werror"] if STRICT else []
                extension.extra_compile_args += WARNINGS + strict + FAST_BITS
        super().build_extensions()


setup(
    cmdclass={"build_ext": BuildCore},
    ext_modules=[
        Extension(
            "games.damas.engine._core",
            [
                "games/damas/engine/_core.c",
                *(f"games/damas/engine/core/{name}.c" for name in CORE_FILES),
            ],
            depends=["games/damas/engine/core/core.h"],
            optional=not STRICT,
            extra_compile_args=["-O2"],
        )
    ],
)
