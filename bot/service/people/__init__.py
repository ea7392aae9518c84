"""Who plays: identities, languages and linked accounts (identity.py), and what a chat chose
for itself (chats.py). The roster of players behind actors is the kernel's."""
