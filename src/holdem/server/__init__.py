"""The cardroom server: ``holdem serve``.

- ``app``: the ASGI application (pages, JSON API, downloads, WebSocket);
- ``cardroom``: every table of the server, restored at start;
- ``runtime``: one table at work (clients, the clock, bots, timers);
- ``room``: one table's state as a log of commands; ``multi_table``: a tournament's
  tables as one log; ``online_tournament``: a tournament's clock and standings;
- ``tournament_runtime``: a multi-table tournament at work;
- ``commands``: who may ask for what, and the command each message asks for;
- ``views``: the per-client ``state`` messages;
- ``protocol``: the client messages; ``options``: a new table's options;
- ``store``: SQLite or PostgreSQL; ``auth``: tokens; ``downloads``: hand files.
"""
