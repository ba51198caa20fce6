"""The Discord front end: the client, one cog per area, views and the presenter."""
