"""The rules core: the game interface, cards, actions, options, records, matches, what each
seat knows. It names no game.

Imports only the standard library. The game families build on it, ``stich.games`` finds them
by name, and everything else builds on those (docs/architecture.md, "Layers").
"""
