"""The Telegram front end's buttons: callback data, keyboards, presses and the game actions
they run, the game picker, web-app buttons."""
