"""Benchmarks: each module prints figures (``python -m bench.<name> --help``).

With ``SHENGJI_COMPILED=1`` a run uses the compiled build of the engine's hot modules
(``python -m bot.compiled``) when it is current; see ``bot/compiled/``. So does pytest
with ``-p bench`` (this package as a plugin: it activates before the tests import
``rules``).
"""

import os

if os.environ.get("SHENGJI_COMPILED") == "1":
    from bot.compiled import activate

    activate()
