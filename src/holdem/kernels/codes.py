"""The words the compiled kernel and its Python callers share, without numba.

``kernel_play`` and ``kernel_script`` compile against these; ``kernel``,
``kernel_replay`` and ``history.scripted`` build the kernel's arrays with them, and
must not import numba to do so (a replay command loads the kernel built ahead of time,
``kernel_native``, in a process that never imports numba).
"""

from __future__ import annotations

# Fields of ``params``.
P_PLAYERS = 0
P_STRUCTURE = 1  # 0 No-Limit, 1 Pot-Limit, 2 Fixed-Limit
P_MIN_BET = 2
P_BIG_BET = 3
P_RAISE_CAP = 4  # -1: no cap
P_BLIND_OPENS = 5
P_HEADS_UP_UNCAPPED = 6
P_HALF_BET = 7  # Fixed-Limit under the half-bet rule
P_ANTES_FIRST = 8
P_ANTES_TRIMMED = 9
P_BOMB_POT = 10
P_POKERKIT = 11  # PokerKit's reopening model (``pokerkit_reopening``)
P_MERGE_POTS = 12  # pots formed again among the winners (``pots_merged_after_showdown``)
P_ODD_ONE_EACH = 13  # odd chips one each from the first winner (``odd_chips``, R25)
PARAMS = 14

POT_LIMIT = 1
FIXED_LIMIT = 2

# Decision kinds, as in the ``PlayerActed`` events' words.
FOLD, CHECK, CALL, BET, RAISE = 0, 1, 2, 3, 4

# Columns of the decision record.
R_HAND, R_PLAYER, R_KIND, R_TO, R_CHECK, R_CALL, R_MIN, R_MAX, R_ALL_IN = range(9)
RECORD_COLUMNS = 9

# What ``run`` returns first; UNSCRIPTED: a scripted hand the kernel leaves to ``Hand``.
OK, DRAWS_EXHAUSTED, RECORD_FULL, BAD_CARDS, UNSCRIPTED = 0, 1, 2, 3, 4

# Step codes of a script (``kernel_script``): PHH's player actions, a street of the board
# (amount: its card count), and hands shown or mucked; three words a step.
S_FOLD, S_CHECK_CALL, S_BET_RAISE, S_BOARD, S_SHOW, S_MUCK = range(6)
STEP_WORDS = 3

SCRIPT = -1
"""The policy of a scripted position (``Scratch.policy``), beside ``bots.batched``'s."""
