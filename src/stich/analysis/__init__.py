"""Analysis: what a position is worth. ``stich analyse`` values each legal action at a point
of a recorded deal for the seat to act, from what that seat knows (``explain``); ``stich
solve`` solves a position with every card known (``solve``); ``commands`` holds both commands'
work for the command line."""
