"""Match scoring shared by engines and score pads: the Bummerl counter and race to 24 (S-10,
B-7, D-1) and the Jass board (J-8)."""
