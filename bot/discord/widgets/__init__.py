"""The components of Discord messages: board buttons and menus, the answers' buttons, the
views that hold them, and what a press of each does (presses.py)."""
