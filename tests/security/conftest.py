"""The attacks run against the same real cardroom as the protocol tests: SQLite and
PostgreSQL, real WebSockets."""

from tests.server.conftest import cardroom, database

__all__ = ["cardroom", "database"]
