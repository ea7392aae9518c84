"""What a `--db` value is, read as the PostgreSQL driver reads it, and how it is shown (issue
34, item 8): the scheme in any case, a password with `#` (which the driver would cut), one
percent-encoded, one in the query, libpq's key=value settings; a password is never shown, and
nothing of the kind is ever taken for a file."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from storage import StorageError, database_label, is_database_url, open_store, without_secrets
from storage.database_names import database_tag, is_postgres_url, unusable_reason

# (what is written, its secrets, how it is shown, whether it can be used as written)
FORMS = [
    ("postgresql://u:s3cret@db/x", ["s3cret"], "postgresql://u:***@db/x", True),
    ("POSTGRESQL://u:s3cret@db:5432/x", ["s3cret"], "POSTGRESQL://u:***@db:5432/x", True),
    ("Postgres://u:s3cret@db/x", ["s3cret"], "Postgres://u:***@db/x", True),
    ("postgresql://u:pa#ss@db/x", ["pa#ss"], "postgresql://u:***@db/x", False),
    ("postgresql://u:pa/ss@db/x", ["pa/ss"], "postgresql://u:***@db/x", False),
    ("postgresql://u:pa?ss@db/x", ["pa?ss"], "postgresql://u:***@db/x", False),
    ("postgresql://u:p@ss@db/x", ["p@ss"], "postgresql://u:***@db/x", False),
    ("postgresql://u:p%23ss%40@db/x", ["p%23ss%40", "p#ss@"], "postgresql://u:***@db/x", True),
    (
        "postgresql://u@db/x?sslmode=require&password=s3cret&sslpassword=k3y",
        ["s3cret", "k3y"],
        "postgresql://u@db/x?sslmode=require&password=***&sslpassword=***",
        True,
    ),
    (
        "host=db user=u password='s3 cret' dbname=x",
        ["s3 cret"],
        "host=db user=u password=*** dbname=x",
        False,
    ),
    ("mysql://u:s3cret@db/x", ["s3cret"], "mysql://u:***@db/x", False),
]


@pytest.mark.parametrize(("written", "secrets", "shown", "usable"), FORMS)
def test_every_form_is_shown_without_its_secrets(
    written: str, secrets: list[str], shown: str, usable: bool
) -> None:
    assert is_database_url(written), "taken for a file: it would be created, password and all"
    assert database_label(written) == shown
    driver_words = f"cannot connect to {written}: wrong password {' or '.join(secrets)}"
    masked = without_secrets(written, driver_words)
    assert all(secret not in masked for secret in secrets), masked
    assert (unusable_reason(written) is None) == usable


@pytest.mark.parametrize(
    "written", ["POSTGRESQL://u:s3cret@db/x", "postgres://u@db/x", "postgresql:u@db/x"]
)
def test_the_scheme_is_read_as_the_driver_reads_it(written: str) -> None:
    assert urlparse(written).scheme in {"postgres", "postgresql"}, "the driver's own reading"
    assert is_postgres_url(written)


def test_the_driver_would_cut_a_password_with_a_hash_and_connect_elsewhere() -> None:
    """Why such a URL is refused before the driver sees it: urlparse (asyncpg's reading)
    takes `u:pa` for the host and its port, and the rest of the password for a fragment."""
    parsed = urlparse("postgresql://u:pa#ss@db/x")
    assert (parsed.netloc, parsed.fragment) == ("u:pa", "ss@db/x")
    reason = unusable_reason("postgresql://u:pa#ss@db/x")
    assert reason is not None
    assert "# as %23" in reason
    assert "pa#ss" not in reason


@pytest.mark.parametrize(
    "written",
    [
        "postgresql://db/damas?options=a@b",
        "postgresql://[::1]:5432/damas",
        "postgresql://h1:5432,h2:5433/damas",
        "postgresql:///damas?host=/run/postgresql",
    ],
)
def test_urls_without_a_password_are_used_and_shown_as_written(written: str) -> None:
    assert unusable_reason(written) is None
    assert database_label(written) == written


@pytest.mark.parametrize(
    "path", ["damas.sqlite3", "/srv/damas/damas.sqlite3", "c:/damas/damas.sqlite3", "a=b.sqlite3"]
)
def test_paths_are_sqlite_files(path: str) -> None:
    assert not is_database_url(path)
    assert unusable_reason(path) is None
    assert database_label(path) == path


def test_the_tag_of_a_database_names_its_files() -> None:
    assert database_tag("/srv/club.sqlite3") == "club"
    assert database_tag("POSTGRESQL://u:s3cret@db/club") == "club"


@pytest.mark.parametrize(
    "written",
    [
        "postgresql://u:pa#ss@127.0.0.1:1/x",
        "host=127.0.0.1 user=u password=s3cret dbname=x",
        "mysql://u:s3cret@127.0.0.1/x",
    ],
)
async def test_a_database_that_cannot_be_used_as_written_is_refused_unopened(
    written: str,
) -> None:
    with pytest.raises(StorageError) as refused:
        await open_store(written)
    assert "s3cret" not in str(refused.value)
    assert "pa#ss" not in str(refused.value)
