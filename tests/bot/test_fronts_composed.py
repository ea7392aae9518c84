"""The front ends are built by composition: each part is an object that the front end builds
with the parts it needs, never a class that extends another to split a file (issue 23: the
Discord and the Telegram front end were each a chain of six classes, their state declared in
the base and set in the last subclass)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRONT_ENDS = ("bot/discord", "bot/telegram", "bot/console.py")

# The project's classes a front end's class may extend, and why.
ALLOWED_BASES = {
    # The same client connected as shards: discord.py's AutoShardedClient is the other base.
    ("bot.discord.app", "DamasClient"),
    # discord.py's DynamicItem pattern: every component rebuilt from its custom id after a
    # restart shares the reading of that id.
    ("bot.discord.widgets.component_base", "FromCustomId"),
}

ClassName = tuple[str, str]


def module_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def project_classes() -> set[ClassName]:
    """Every class defined at the top of a module of bot/."""
    return {
        (module_of(path), node.name)
        for path in (ROOT / "bot").rglob("*.py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef)
    }


def front_end_files() -> list[Path]:
    files: list[Path] = []
    for name in FRONT_ENDS:
        path = ROOT / name
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def extended_project_classes(
    source: str, module: str, known: set[ClassName]
) -> list[tuple[str, ClassName]]:
    """The classes of `source` (the text of `module`) that extend a class of the project:
    (the class, the one it extends), found through the module's own names and its `from`
    imports."""
    tree = ast.parse(source)
    names: dict[str, ClassName] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                names[alias.asname or alias.name] = (node.module, alias.name)
    found: list[tuple[str, ClassName]] = []
    classes = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    for cls in classes:
        for base in cls.bases:
            if isinstance(base, ast.Name):
                origin = names.get(base.id, (module, base.id))
                if origin in known:
                    found.append((cls.name, origin))
    return found


def test_the_check_finds_a_class_that_extends_another() -> None:
    # The chain of old, in small: the check must see an imported base and a local one.
    source = (
        "from bot.discord.interactions import Interactions\n"
        "import discord\n"
        "class Base:\n    pass\n"
        "class Presses(Interactions):\n    pass\n"
        "class Local(Base):\n    pass\n"
        "class View(discord.ui.View):\n    pass\n"
    )
    module = "bot.discord.widgets.presses"
    known = {("bot.discord.interactions", "Interactions"), (module, "Base")}
    assert extended_project_classes(source, module, known) == [
        ("Presses", ("bot.discord.interactions", "Interactions")),
        ("Local", (module, "Base")),
    ]


def test_no_front_end_class_extends_another_to_split_a_file() -> None:
    known = project_classes()
    extending = {
        f"{module_of(path)}.{name} extends {'.'.join(base)}"
        for path in front_end_files()
        for name, base in extended_project_classes(
            path.read_text(encoding="utf-8"), module_of(path), known
        )
        if base not in ALLOWED_BASES
    }
    assert extending == set()
