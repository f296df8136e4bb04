"""``holdem clock``: the tournament clock of a live game, served to a TV, a laptop or a phone.

The clock itself is ``holdem.tournament.clock.Clock`` (pure, time passed in); this package
is its shell: the web app (``app``) and the state file (``store``).
"""

from holdem.clock.app import ClockRoom, create_app
from holdem.clock.store import SavedState, default_state_path, load, save

__all__ = ["ClockRoom", "SavedState", "create_app", "default_state_path", "load", "save"]
