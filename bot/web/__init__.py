"""The optional web side (``WEB_PORT``): the replay viewer at ``/r/<token>``, and
``/healthz`` and ``/metrics`` for operators. A front end like ``bot.console``."""
