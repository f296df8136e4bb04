"""The HTTP pieces both web apps share (the cardroom server and the tournament clock):
tokens and their hashes, the hosts a server answers to, same-origin writes, and errors
as one sentence of JSON. It imports Starlette and nothing of either app."""
