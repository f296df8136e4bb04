"""RULES.md R50: how many hands of each category there are, the numbers both the
evaluator's exhaustive tests and the odds table must reproduce."""

from holdem.evaluator import Category

FIVE_CARD_HANDS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3744,
    Category.FLUSH: 5108,
    Category.STRAIGHT: 10200,
    Category.THREE_OF_A_KIND: 54912,
    Category.TWO_PAIR: 123552,
    Category.ONE_PAIR: 1098240,
    Category.HIGH_CARD: 1302540,
}

SEVEN_CARD_HANDS = {
    Category.STRAIGHT_FLUSH: 41584,
    Category.FOUR_OF_A_KIND: 224848,
    Category.FULL_HOUSE: 3473184,
    Category.FLUSH: 4047644,
    Category.STRAIGHT: 6180020,
    Category.THREE_OF_A_KIND: 6461620,
    Category.TWO_PAIR: 31433400,
    Category.ONE_PAIR: 58627800,
    Category.HIGH_CARD: 23294460,
}
SEVEN_CARD_ROYAL_FLUSHES = 4324
