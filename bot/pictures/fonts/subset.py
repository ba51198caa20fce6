"""Rebuild ``NotoSansCJKsc-Bold-subset.otf``: the glyphs the pictures draw in
Chinese (every ``pic.*`` catalog entry in 简体中文 and 繁體中文), plus what fills
their placeholders — digits, the rank names (打J, 打Q, 打K draw the letter with
this font too) — and the punctuation they use, cut from Noto Sans CJK SC Bold
(SIL OFL 1.1; licence beside the font). A subset keeps the package small: ~2 KB a glyph instead of the
~20 MB of the whole font.

Run it after adding or changing a ``pic.*`` string (needs fontTools, a dev tool,
and the Debian package ``fonts-noto-cjk`` or the font file given)::

    python -m bot.pictures.fonts.subset [/path/to/NotoSansCJK-Bold.ttc]

``tests/pictures/test_pictures_words.py`` fails when a glyph is missing.
"""

from __future__ import annotations

import string
import sys
from pathlib import Path

HERE = Path(__file__).parent
OUT = HERE / "NotoSansCJKsc-Bold-subset.otf"
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
SC_INDEX = 2  # "Noto Sans CJK SC Bold" in the collection
EXTRA = string.digits + " +-/·×→?—()（）:：,，.。"


def needed() -> str:
    from bot.text.i18n import CATALOG
    from rules.cards import rank_name

    chars = set(EXTRA) | set("".join(rank_name(r) for r in range(2, 15)))
    for key, entry in CATALOG.items():
        if key.startswith("pic."):
            for words in entry[1:]:
                chars |= set(words)
    chars -= set("{}")
    return "".join(sorted(chars))


def main(argv: list[str]) -> int:
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTCollection  # type: ignore[import-untyped]

    source = Path(argv[0]) if argv else SOURCE
    font = TTCollection(str(source)).fonts[SC_INDEX] if source.suffix == ".ttc" else None
    if font is None:
        from fontTools.ttLib import TTFont

        font = TTFont(str(source))
    options = subset.Options()
    options.hinting = False  # drawn at 9–20 px by FreeType: outlines suffice
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(text=needed())
    sub.subset(font)
    font.save(str(OUT))
    print(f"{OUT.name}: {len(needed())} characters, {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
