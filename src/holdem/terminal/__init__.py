"""The terminal game behind ``holdem play``: a person against bots at a ``Table``.

- ``commands``: what the player types, read into an action (or quit, or help);
- ``style``: cards, suits and chips as rich text;
- ``narrate``: the engine's events as the lines of the hand's log;
- ``coach``: what to do and why before a decision (``holdem.bots.coach``), the outs and
  the rule of 2 and 4, and the beginner mistakes after it;
- ``view``: the frame (seats, pots, board, log, coach, result) as rich renderables;
- ``screen``: drawing frames in place and reading the player's input;
- ``session``: the game loop: hands one after another, bots, rebuys, the PHH file.
"""
