"""``python -m bot.compiled [--check]``: build the compiled engine (``build.py``)."""

from bot.compiled.build import main

if __name__ == "__main__":
    raise SystemExit(main())
