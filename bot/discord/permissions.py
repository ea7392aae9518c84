"""The Discord permissions the bot uses, each for what it does, and the invite link that asks
for them (`python -m bot check` prints it): no more than the code needs."""

from __future__ import annotations

from urllib.parse import urlencode

# Discord's permission bits (discord.com/developers/docs/topics/permissions) and why each.
NEEDED = {
    1 << 10: "View Channels: see the channels where games are played",
    1 << 11: "Send Messages: post boards, challenges and tournament news",
    1 << 14: "Embed Links: boards are embeds",
    1 << 15: "Attach Files: the board pictures, PDN and CSV files",
    1 << 16: "Read Message History: edit the boards it posted",
    1 << 35: "Create Public Threads: a game or a tournament table in a thread of its own",
    1 << 38: "Send Messages in Threads: boards in those threads",
}
# The scopes of the invite: the bot user, and its slash commands.
SCOPES = ("bot", "applications.commands")
AUTHORIZE_URL = "https://discord.com/oauth2/authorize"


def permissions_integer() -> int:
    return sum(NEEDED)


def invite_url(application_id: str) -> str:
    """The link a server manager opens to add the bot with exactly these permissions."""
    query = {
        "client_id": application_id,
        "scope": " ".join(SCOPES),
        "permissions": str(permissions_integer()),
    }
    return f"{AUTHORIZE_URL}?{urlencode(query)}"
