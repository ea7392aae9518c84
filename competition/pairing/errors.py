"""The one error of the pairing package: a key the service translates, with parameters."""

from __future__ import annotations

from typing import Any


class PairingError(ValueError):
    """Bad setup or facts, or no pairing possible; `key` names the message for the reader."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.key = key
        self.params = params
