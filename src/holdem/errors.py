"""One exception hierarchy for the whole package.

Every message names what was wrong and what is allowed, in words a player understands.
"""


class HoldemError(Exception):
    """Base class of every error holdem raises on purpose."""


class ParseError(HoldemError, ValueError):
    """Text (a card, a list of cards, a file) could not be read."""


class InvalidCardsError(HoldemError, ValueError):
    """Cards that cannot go together: a duplicate, too few or too many, a bad code."""


class DuplicateCardError(InvalidCardsError, ParseError):
    """A card given twice where every card must be distinct (a hand, a board, a deck)."""


class DeckError(HoldemError):
    """The deck cannot do what was asked (deal past its end, remove a missing card)."""


class ConfigError(HoldemError, ValueError):
    """A game or hand configuration that cannot be played."""


class IllegalActionError(HoldemError):
    """An action the rules do not allow now; the hand is left exactly as it was."""


class DealingError(HoldemError):
    """A dealing step out of order, or cards that cannot be dealt."""
