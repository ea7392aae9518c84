"""Playing on the web: the one board component (the page, the Mini App, the Discord Activity),
its API with the Mini App's checks, and the sign-ins that name its reader."""
