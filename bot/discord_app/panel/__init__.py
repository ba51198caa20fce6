"""Click to play: a player's own panel of card selects and buttons (issue 10 §3)."""
