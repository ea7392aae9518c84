"""The bot: the platform-free service and its front ends."""
