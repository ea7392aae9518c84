"""What a database named on the command line (`--db`, DATABASE_URL) is, read as the
PostgreSQL driver reads it, and how it is shown: never with its password.

asyncpg reads a URL with `urllib.parse.urlparse`: the scheme in any case (`POSTGRESQL://`,
`postgres://`), the user and password before the first `@`, percent-encoded (`%23` is a
`#`). An unencoded `#` starts the fragment, `/` the path and `?` the query, so a password
holding one of them, or a second `@`, is read as another host (`u:pa#ss@db` connects to the
host `u` at the port `pa`). Such a URL is refused here, before the driver reads it. asyncpg
reads no libpq `key=value` settings and no other scheme: those are refused too, never taken
for a file (which would be created with the password in its name). Anything else is the
path of an SQLite file.

`database_label` is the one way a database is shown or logged; `without_secrets` takes its
secrets out of a message (a driver's error) about it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

MASK = "***"
POSTGRES_SCHEMES = frozenset({"postgres", "postgresql"})

# A scheme of two letters or more: `c:/x` is a Windows path, `sqlite://` a URL.
SCHEME = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]+):(?P<slashes>//)?")
# Words that name a secret in a URL's query (`?password=...`, `sslpassword`, a token) or in
# key=value settings.
SECRET_NAME = r"[\w.-]*(?:password|secret|token)[\w.-]*"
SECRET_IN_QUERY = re.compile(rf"(?i)(?P<name>[?&;]{SECRET_NAME}=)(?P<value>[^&;#]*)")
# libpq's `host=db password='a b'`: a keyword the driver would need, then `=`.
KEY_VALUE = re.compile(r"(?i)^\s*(host|hostaddr|port|dbname|user|password|service)\s*=")
# One host of a URL's host list, as the driver reads it: a name or [IPv6], and a port.
HOST = re.compile(r"(\[[0-9A-Fa-f:.]*\]|[^:\[\]]*)(:\d*)?")
SECRET_SETTING = re.compile(
    rf"(?i)(?P<name>\b{SECRET_NAME}\s*=\s*)(?P<value>'(?:[^'\\]|\\.)*'|\S*)"
)


def _scheme(database: str | Path) -> re.Match[str] | None:
    if not isinstance(database, str):
        return None
    return SCHEME.match(database)


def is_postgres_url(database: str | Path) -> bool:
    """A URL whose scheme (in any case) is postgres or postgresql: the driver's own test."""
    scheme = _scheme(database)
    return scheme is not None and scheme["scheme"].lower() in POSTGRES_SCHEMES


def is_key_value(database: str | Path) -> bool:
    return isinstance(database, str) and KEY_VALUE.match(database) is not None


def is_database_url(database: str | Path) -> bool:
    """Whether `database` names a server's database (or tries to) rather than an SQLite file:
    a URL of any scheme, or key=value settings. Only a PostgreSQL URL can be used; the
    others are refused by `unusable_reason`, never taken for a file."""
    scheme = _scheme(database)
    url = scheme is not None and (bool(scheme["slashes"]) or is_postgres_url(database))
    return url or is_key_value(database)


@dataclass(frozen=True, slots=True)
class UrlParts:
    """A URL cut where a person means it: `scheme` with its `:` or `://`, the `userinfo`
    (user and password, "" when none) and the `rest` (hosts, path, query). `cut`: the driver
    would cut the user or password elsewhere, at a character a URL reserves in them."""

    scheme: str
    userinfo: str
    rest: str
    cut: bool


def url_parts(url: str) -> UrlParts:
    scheme = SCHEME.match(url)
    head = scheme[0] if scheme else ""
    after = url[len(head) :]
    # The driver's user and password end at the first `@` before a `/`, `?` or `#`.
    authority = re.split(r"[/?#]", after, maxsplit=1)[0]
    if authority.count("@") == 1:
        userinfo, _, rest = after.partition("@")
        return UrlParts(head, userinfo, rest, cut=False)
    hosts = all(HOST.fullmatch(host) for host in authority.split(","))
    if "@" not in after or ("@" not in authority and hosts):
        return UrlParts(head, "", after, cut=False)
    # A second `@` in the authority, or hosts that are no hosts before an `@` further on:
    # a password holding `@`, `#`, `/` or `?`. All before the last `@` is hidden.
    userinfo, _, rest = after.rpartition("@")
    return UrlParts(head, userinfo, rest, cut=True)


def unusable_reason(database: str | Path) -> str | None:
    """Why `database` cannot be opened as it is written, or None: another scheme than
    PostgreSQL's, key=value settings, or a user or password that the driver would cut at a
    character a URL reserves."""
    label = database_label(database)
    if is_key_value(database):
        return (
            f"{label} is a list of key=value settings, which damas-bot does not read: write "
            "it as a URL, postgresql://user:password@host/name"
        )
    if not is_database_url(database):
        return None
    if not is_postgres_url(database):
        return (
            f"{label} is not a database damas-bot can use: give a postgresql:// URL or the "
            "path of an SQLite file"
        )
    if url_parts(str(database)).cut:
        return (
            f"the user or password in {label} holds a character that ends that part of a URL "
            "(# / ? @): write it percent-encoded (# as %23, / as %2F, ? as %3F, @ as %40)"
        )
    return None


def database_label(database: str | Path) -> str:
    """The database as it may be shown or logged: a path as it is; a URL without its
    password, wherever it is written (`user:password@`, `?password=`, even with characters
    the driver would cut it at), and key=value settings without theirs."""
    if is_key_value(database):
        return SECRET_SETTING.sub(lambda found: found["name"] + MASK, str(database))
    if not is_database_url(database):
        return str(database)
    parts = url_parts(str(database))
    userinfo = parts.userinfo
    if ":" in userinfo:
        userinfo = f"{userinfo.partition(':')[0]}:{MASK}"
    rest = SECRET_IN_QUERY.sub(lambda found: found["name"] + MASK, parts.rest)
    return f"{parts.scheme}{userinfo}@{rest}" if parts.userinfo else f"{parts.scheme}{rest}"


def secrets(database: str | Path) -> list[str]:
    """The secrets written in `database`, as written and percent-decoded, longest first."""
    found: list[str] = []
    if is_key_value(database):
        found = [match["value"].strip("'") for match in SECRET_SETTING.finditer(str(database))]
    elif is_database_url(database):
        parts = url_parts(str(database))
        if ":" in parts.userinfo:
            found.append(parts.userinfo.partition(":")[2])
        found += [match["value"] for match in SECRET_IN_QUERY.finditer(parts.rest)]
    written = [secret for secret in found if secret]
    return sorted({*written, *(unquote(secret) for secret in written)}, key=len, reverse=True)


def without_secrets(database: str | Path, message: str) -> str:
    """`message` (a driver's words about `database`) with the database shown by its label
    and every secret of it masked."""
    message = message.replace(str(database), database_label(database))
    for secret in secrets(database):
        message = message.replace(secret, MASK)
    return message


def database_tag(database: str | Path) -> str:
    """A short name of the database for the files saved beside it: the SQLite file's stem, or
    the PostgreSQL database's name."""
    if is_database_url(database):
        return urlsplit(str(database)).path.strip("/") or "postgresql"
    return Path(database).stem
