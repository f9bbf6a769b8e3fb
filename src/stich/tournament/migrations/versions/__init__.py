"""Migration scripts, one per schema change; never edit one that has shipped."""
