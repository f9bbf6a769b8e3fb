"""The rules core: the game interface, cards, actions, options, records, match scoring.

Imports only the standard library. The game families (``stich.schnapsen``,
``stich.contract``, ``stich.jass``) build on it; everything else builds on both.
"""
