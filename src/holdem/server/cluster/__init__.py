"""Several ``holdem serve`` processes, one cardroom, on one PostgreSQL database.

Each table is run by exactly one process at a time, the holder of its lease
(leases.py). Any process accepts any client: a client of a table held elsewhere is
relayed (relay.py) to the holder, which treats it as one of its own clients, so every
rule, limit and view is applied in one place. Messages between processes go through
PostgreSQL's LISTEN/NOTIFY (bus.py). node.py ties them together: it claims the tables of
processes that died, renews its own leases and keeps the lobby's rows of the others.
"""

from holdem.server.cluster.node import Cluster

__all__ = ["Cluster"]
