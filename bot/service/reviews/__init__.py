"""Reviews of finished games (/review): the capability, what it stores, how it is shown."""
