"""Benchmarks: each module prints figures (``python -m bench.<name> --help``).

With ``SHENGJI_COMPILED=1`` a run uses the compiled build of the engine's hot modules
(``python -m bench.compiled``) when it is current; see ``bench/compiled.py``.
"""

import os

if os.environ.get("SHENGJI_COMPILED") == "1":
    from bench.compiled import activate

    activate()
