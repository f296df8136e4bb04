"""The OpenSpiel game's information state is perfect recall: it tells histories apart."""

from __future__ import annotations

import numpy as np
import pyspiel

from holdem.rl import openspiel_game

# a heads-up turn reached two ways that leave the same pot, bets and raise counts
CARDS = [0, 1, 2, 3, 20, 30, 40, 50]  # hole cards round the table, then the board


def play(game: pyspiel.Game, actions: list[int]) -> pyspiel.State:
    state = game.new_initial_state()
    cards, moves = iter(CARDS), iter(actions)
    while True:
        if state.is_chance_node():
            state.apply_action(next(cards))
            continue
        move = next(moves, None)
        if move is None:
            return state
        state.apply_action(move)


def test_two_histories_with_one_observation_have_two_information_states() -> None:
    game = openspiel_game(players=2)
    # preflop call and check; on the flop check, bet half the pot, call; or bet, call
    first = play(game, [1, 1, 1, 3, 1])
    second = play(game, [1, 1, 3, 1])
    assert first.game_table.current.street == second.game_table.current.street == 2
    player = first.current_player()
    assert first.observation_tensor(player) == second.observation_tensor(player)
    assert first.information_state_string(player) != second.information_state_string(player)
    assert first.information_state_tensor(player) != second.information_state_tensor(player)
    assert "flop [" in first.information_state_string(player)


def test_the_information_state_identifies_the_players_whole_history() -> None:
    game = openspiel_game(players=3, stack=40)
    width = game.information_state_tensor_shape()[0]
    rng = np.random.default_rng(29)
    seen_string: dict[str, tuple[object, ...]] = {}
    seen_tensor: dict[bytes, tuple[object, ...]] = {}
    for _ in range(300):
        state = game.new_initial_state()
        # what each action did, read off the table: ids 2 to 4 may size the same
        history: list[tuple[object, ...]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.choice([c for c, _ in state.chance_outcomes()])))
                continue
            player = state.current_player()
            hand = state.game_table.current
            hole = sorted(hand.holes[state.game_table.position_of(player)] or ())
            board = (*sorted(hand.board[:3]), *hand.board[3:])  # the flop comes at once
            truth = (player, tuple(hole), tuple(board), tuple(history))
            text = state.information_state_string(player)
            tensor = np.asarray(state.information_state_tensor(player), np.float32)
            assert tensor.shape == (width,)
            assert seen_string.setdefault(text, truth) == truth
            assert seen_tensor.setdefault(tensor.tobytes(), truth) == truth
            action = int(rng.choice(state.legal_actions()))
            street = hand.street
            state.apply_action(action)
            history.append((player, street, tuple(hand.contributed), tuple(hand.folded)))
    assert len(seen_string) > 1000
