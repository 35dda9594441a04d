"""A fingerprint of Wreck and Ruin games: every action, record and final dice state of a few
hundred games (2, 3 and 4 players, heuristic, random and mixed line-ups, some variants), so a
change made for speed can be shown to leave the games exactly as they were.

Run: python benchmarks/wr_fingerprint.py [--games 50] [--seed fingerprint] [--save FILE]
     [--compare FILE]
Prints one SHA-256 per line-up and one of them all; ``--save`` writes them as JSON and
``--compare`` checks them against a saved file (exit 1 on any difference). The same as
``benchmarks/fingerprint.py wreck-and-ruin`` (the line-ups are there).
"""

from __future__ import annotations

from fingerprint import main

if __name__ == "__main__":
    main("wreck-and-ruin")
