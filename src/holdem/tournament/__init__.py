"""Tournaments: blind structures and the clock model, chip sets, payouts and ICM (R44, R45),
and the live tournament: rebuys, add-ons, re-entries, bounties, deals (``live``, ``rules``).

Pure functions and frozen values: time is passed in, nothing is read from a clock.
"""

from holdem.tournament.chips import CASE_SIZES, DEFAULT_CHIP_SET, ChipPlan, case_for, distribute
from holdem.tournament.generator import generate
from holdem.tournament.icm import exact_icm, icm
from holdem.tournament.live import Pot, Tournament, TournamentError
from holdem.tournament.payouts import DEFAULT_PAYOUT_TABLE, payout_percentages, payouts
from holdem.tournament.rules import TournamentRules
from holdem.tournament.structure import (
    PRESETS,
    Break,
    ClockState,
    Level,
    Structure,
    level_at,
    preset,
)
from holdem.tournament.structure_toml import from_toml, to_toml

__all__ = [
    "CASE_SIZES",
    "DEFAULT_CHIP_SET",
    "DEFAULT_PAYOUT_TABLE",
    "PRESETS",
    "Break",
    "ChipPlan",
    "ClockState",
    "Level",
    "Pot",
    "Structure",
    "Tournament",
    "TournamentError",
    "TournamentRules",
    "case_for",
    "distribute",
    "exact_icm",
    "from_toml",
    "generate",
    "icm",
    "level_at",
    "payout_percentages",
    "payouts",
    "preset",
    "to_toml",
]
