"""`python -m stich` runs the command-line interface."""

from stich.cli import main

main()
