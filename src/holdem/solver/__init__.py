"""Equilibrium strategies: spots solved exactly rather than played by rules of thumb."""
