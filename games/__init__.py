"""Pure game rules: no I/O, no asyncio, nothing from bot/ or storage/."""
