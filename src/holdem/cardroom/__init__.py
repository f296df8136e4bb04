"""The cardroom's rules of play as plain state: a table (cash or sit & go), a multi-table
tournament, their options, and what happens around a hand (showing after it, house games,
stats). No I/O here: holdem.server stores, times and serves these.
"""
