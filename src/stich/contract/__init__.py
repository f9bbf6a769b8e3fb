"""The contract games: Bauernschnapsen (B-1 to B-7) and Dreierschnapsen (D-1)."""
