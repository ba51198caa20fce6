"""The Discord cogs: one per area (lobby, play, panel, info)."""
