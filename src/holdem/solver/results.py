"""What a solved spot says at one node: the acting player's strategy for each combo, each
combo's EV, equity and equity realisation, and the node's aggregate frequencies.

A node is named by its line from the root: the actions separated by spaces, with the
turn and river as cards (``"check check 7s bet 120"``). Short forms are read too:
``x`` check, ``c`` call (or check), ``f`` fold, ``b120`` bet 120, ``r300`` raise 300,
``a`` all-in.
"""

from __future__ import annotations

import itertools

import numpy as np

from holdem.cards import format_cards, parse_cards
from holdem.errors import HoldemError
from holdem.solver import kernels
from holdem.solver.cfr import CFR
from holdem.solver.game import CHANCE, PLAYER, VectorGame

SIDES = ("oop", "ip")


class LineError(HoldemError, ValueError):
    """A line that does not lead to a decision of the tree."""


def find_node(game: VectorGame, line: str) -> tuple[int, list[str]]:
    """The node a line leads to, and the line in full words."""
    words = line.replace(",", " ").split()
    node = 0
    done: list[str] = []
    i = 0
    while i < len(words):
        word = words[i].lower()
        if word in ("bet", "raise", "allin") and i + 1 < len(words) and _number(words[i + 1]):
            word = f"{word} {words[i + 1]}"
            i += 1
        i += 1
        where = " ".join(done) or "the root"
        if game.kind[node] not in (PLAYER, CHANCE):
            raise LineError(f"the hand is over after {where}: {word!r} cannot follow")
        labels = game.child_labels(node)
        pick = _match(word, labels, chance=game.kind[node] == CHANCE)
        if pick is None:
            choices = "a card still to come" if game.kind[node] == CHANCE else ", ".join(labels)
            raise LineError(f"{word!r} is not a choice after {where}: write {choices}")
        node = game.child(node, pick)
        done.append(labels[pick])
    return node, done


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _match(word: str, labels: list[str], *, chance: bool) -> int | None:
    if chance:
        try:
            card = str(parse_cards(word)[0]) if len(parse_cards(word)) == 1 else ""
        except HoldemError:
            return None
        return labels.index(card) if card in labels else None
    short = {"x": "check", "k": "check", "f": "fold", "c": "call" if "call" in labels else "check"}
    word = short.get(word, word)
    if word in labels:
        return labels.index(word)
    if word[:1] in "bra" and (word[1:].strip() == "" or _number(word[1:].strip())):
        kind = {"b": "bet", "r": "raise", "a": "allin"}[word[0]]
        amount = word[1:].strip()
        for i, label in enumerate(labels):
            name, _, chips = label.partition(" ")
            if amount and chips == amount and (name == kind or name == "allin"):
                return i
            if not amount and name == kind:
                return i
    if word.startswith("allin"):
        return next((i for i, label in enumerate(labels) if label.startswith("allin")), None)
    return None


def path_to(game: VectorGame, node: int) -> list[int]:
    """The nodes from the root down to ``node``."""
    out = [node]
    while out[-1] != 0:
        out.append(int(game.parent[out[-1]]))
    return out[::-1]


def reach_at(game: VectorGame, cfr: CFR, strategy: np.ndarray, node: int) -> list[np.ndarray]:
    """Both players' reach vectors at ``node`` under ``strategy``."""
    reach = [np.asarray(h.weights, np.float64).copy() for h in game.hands]
    path = path_to(game, node)
    for parent, child in itertools.pairwise(path):
        if game.kind[parent] == PLAYER:
            p = int(game.player[parent])
            reach[p] *= cfr.block(strategy, parent)[:, int(game.action[child])]
        else:
            card = int(game.dealt[child])
            for p in (0, 1):
                cards = game.hands[p].cards
                reach[p][(cards[:, 0] == card) | (cards[:, 1] == card)] = 0.0
    return reach


def compatible_mass(game: VectorGame, player: int, reach_opp: np.ndarray) -> np.ndarray:
    """For each of ``player``'s hands, the opponent's reach that shares no card with it."""
    out = np.zeros(len(game.hands[player].weights))
    o = 1 - player
    kernels.fold_values(
        game.n_cards, 1.0, reach_opp, game.hands[player].cards, game.hands[o].cards,
        game.same[player], out,
    )  # fmt: skip
    return out


def equities(
    game: VectorGame, player: int, board: tuple[int, ...], reach_opp: np.ndarray
) -> np.ndarray:
    """Each of ``player``'s hands' share of the pot if the cards were all dealt now,
    against the opponent's reach (every runout of ``board`` counted once)."""
    o = 1 - player
    mine, theirs = game.hands[player], game.hands[o]
    won = np.zeros(len(mine.weights))
    seen = np.zeros(len(mine.weights))
    start = set(board)
    out = np.zeros(len(mine.weights))
    for full, b in game.board_index.items():
        if not start <= set(full):
            continue
        extra = [c for c in full if c not in start]
        blocked_o = np.isin(theirs.cards, extra).any(axis=1)
        blocked_t = np.isin(mine.cards, extra).any(axis=1)
        r = np.where(blocked_o, 0.0, reach_opp)
        kernels.showdown_values(
            game.n_cards, 1.0, 0.0, 0.5, r, game.same[player], game.order[player][b],
            game.order[o][b], game.sorted_cards[player][b], game.sorted_cards[o][b],
            game.sorted_strengths[player][b], game.sorted_strengths[o][b], out,
        )  # fmt: skip
        won += np.where(blocked_t, 0.0, out)
        seen += np.where(blocked_t, 0.0, compatible_mass(game, player, r))
    return np.divide(won, seen, out=np.zeros_like(won), where=seen > 0)


def node_report(game: VectorGame, cfr: CFR, strategy: np.ndarray, node: int) -> dict[str, object]:
    """The node's actions, frequencies, both players' EV and equity, and each combo of
    the acting player (those that reach the node)."""
    meta = game.meta[node]
    p = int(game.player[node])
    reach = reach_at(game, cfr, strategy, node)
    evs, eqs, per_combo = [], [], []
    for side in (0, 1):
        values = cfr.node_values(strategy, side)[node].astype(np.float64)
        mass = compatible_mass(game, side, reach[1 - side])
        ev = np.divide(values, mass, out=np.zeros_like(values), where=mass > 0)
        eq = equities(game, side, meta.board, reach[1 - side])
        weight = reach[side] * mass
        total = weight.sum()
        evs.append(float(weight @ ev / total) if total > 0 else 0.0)
        eqs.append(float(weight @ eq / total) if total > 0 else 0.0)
        per_combo.append((ev, eq, weight))
    block = cfr.block(strategy, node).astype(np.float64)
    ev, eq, weight = per_combo[p]
    total = weight.sum()
    frequencies = (weight @ block / total) if total > 0 else block.mean(axis=0)
    combos = {}
    for h, label in enumerate(game.hands[p].labels):
        if reach[p][h] <= 0:
            continue
        pot_share = eq[h] * meta.pot
        combos[label] = {
            "strategy": [round(float(x), 6) for x in block[h]],
            "ev": round(float(ev[h]), 4),
            "equity": round(float(eq[h]), 6),
            "eqr": round(float((ev[h] + meta.put[p]) / pot_share), 4) if pot_share > 0 else None,
            "weight": round(float(reach[p][h]), 6),
        }
    return {
        "node": {
            "line": "",
            "player": SIDES[p],
            "street": ("flop", "turn", "river")[meta.street],
            "board": format_cards(meta.board),
            "pot": meta.pot,
            "actions": game.child_labels(node),
            "frequencies": [round(float(x), 6) for x in frequencies],
        },
        "ev": {"oop": round(evs[0], 4), "ip": round(evs[1], 4)},
        "equity": {"oop": round(eqs[0], 6), "ip": round(eqs[1], 6)},
        "combos": combos,
    }
