"""``holdem serve`` refuses a database it cannot use, before it opens anything."""

from tests.console import run


def test_a_bad_database_url_is_refused_with_what_is_allowed() -> None:
    result = run("serve", "--port", "1", "--database", "mysql://someone@host/db")
    assert result.returncode == 2
    assert "'mysql' is not supported: use sqlite or postgresql" in " ".join(result.stderr.split())


def test_a_database_that_is_not_a_url_is_refused() -> None:
    result = run("serve", "--port", "1", "--database", "cards please")
    assert result.returncode == 2
    assert "is not a database URL" in " ".join(result.stderr.split())
