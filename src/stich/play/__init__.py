"""Playing a table: the one driver of bots (``driver.py``) that the terminal, the arena,
tournament bot play and the web use, and the worker processes bots may think in
(``workers.py``)."""
