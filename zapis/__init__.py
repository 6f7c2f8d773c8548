"""zapis: a score-keeper for card clubs."""

__version__ = "0.1.0"
