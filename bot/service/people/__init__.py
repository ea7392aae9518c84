"""Who plays: identities and languages, the roster of players behind actors, names, chats'
choices."""
