"""Discord's slash commands: built from the one command table (slash.py), their names and
descriptions in three languages (slash_names.py), and the embeds of /profile and /top."""
