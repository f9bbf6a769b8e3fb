"""The games for researchers: PettingZoo, Gymnasium and OpenSpiel (``pip install stich[rl]``).

- :mod:`stich.adapters.pettingzoo`: ``env(game)``, an AEC environment of every seat;
- :mod:`stich.adapters.gymnasium`: ``make(game, opponents="rules", seat=0)``, one seat against
  bots;
- :mod:`stich.adapters.openspiel`: importing it registers ``python_stich_<game>`` with
  ``pyspiel``.

Each imports its framework, so importing this package costs nothing (docs/research.md).
"""
