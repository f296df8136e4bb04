"""The compiled kernels: the rules of ``holdem.engine`` on arrays, in numba.

``hands`` plays whole hands (``play``, ``pots``, ``script``, with the bots' compiled
policies in ``policies`` and the random streams in ``streams``), ``replay`` replays
recorded hands (``native``: the same kernel built ahead of time), and ``rl_step`` steps
many tables one decision at a time. Each mirrors the object engine step for step; the
tests in tests/kernels hold them together.
"""
