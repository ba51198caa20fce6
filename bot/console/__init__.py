"""The offline console front end: the terminal table over the same table service."""
