"""The message catalogs: one gettext ``.po`` file per language, read with Babel.

Translators work on ``bot/text/locales/<lang>/LC_MESSAGES/shengji.po`` with any gettext
tool (Poedit, Weblate, Lokalize …). Each message is keyed by a stable code in
``msgctxt``; ``msgid`` is the English text (the source translators see) and
``msgstr`` its translation. ``shengji.pot`` is the template: the codes and the
English. The code looks messages up by code only (``bot.text.i18n.text``).
"""

from __future__ import annotations

import ast
import functools
import re
import string
import sys
from collections.abc import Iterator
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

DOMAIN = "shengji"
# Our language codes (Discord's) -> gettext locale directories.
PO_LOCALES = {"zh-CN": "zh_CN", "zh-TW": "zh_TW"}


def locale_dir() -> Traversable:
    return files("bot.text") / "locales"


def template_path() -> Traversable:
    return locale_dir() / f"{DOMAIN}.pot"


def po_path(language: str) -> Traversable:
    return locale_dir() / PO_LOCALES[language] / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Traversable) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh)


def entries(catalog: Catalog) -> Iterator[tuple[str, str, str]]:
    """(code, English, translation) for every keyed message of a catalog."""
    for message in catalog:
        if message.id and message.context:
            yield message.context, str(message.id), str(message.string or "")


@functools.cache
def load() -> dict[str, tuple[str, str, str]]:
    """code -> (English, 简体中文, 繁體中文); a missing translation falls back to English."""
    english = {code: en for code, en, _ in entries(read_catalog(template_path()))}
    translated = {
        lang: {code: s for code, _, s in entries(read_catalog(po_path(lang))) if s}
        for lang in PO_LOCALES
    }
    return {
        code: (en, translated["zh-CN"].get(code, en), translated["zh-TW"].get(code, en))
        for code, en in english.items()
    }


# ---- maintenance: ``python -m bot.text.catalog check`` / ``add`` ------------------------------

# ASCII words a Chinese message may contain: card notation, command words the
# player types (console and slash commands), key names. Anything else in a zh
# message is an untranslated English fragment.
ZH_ASCII_WHITELIST = frozenset(
    {
        # card notation (rules/notation.py)
        "sa",
        "ht",
        "lj",
        "bj",
        "rj",
        "aakk",
        "sj",
        "hj",
        # file formats named in messages (/rules export, /rules import)
        "json",
        "html",  # the replay viewer page (python -m bot record --html)
        "sqlite",  # the database a command line names (--db), and its setting DATABASE_URL
        "database",
        "url",
        # console command words and their short forms
        "help",
        "play",
        "bury",
        "declare",
        "pass",
        "hand",
        "status",
        "last",
        "kitty",
        "progress",
        "hint",
        "auto",
        "next",
        "quit",
        "exit",
        "call",
        "replay",  # python -m bot replay / record and their options
        "record",
        "out",
        # slash commands and their options
        "table",
        "new",
        "join",
        "leave",
        "addbot",
        "start",
        "end",
        "rules",
        "stats",
        "language",
        "cards",
        "cardmemory",
        "mode",
        "on",  # /auto and /cardmemory choices
        "off",
        # keys, products and the console's own program name
        "ctrl",
        "home",
        "enter",
        "discord",
        "dm",
        "python",
        "bot",
        "console",
        "lang",
        "preset",
        # values typed on the command line: languages, the default file
        "en",
        "zh",
        "cn",
        "tw",
        "shengji",
        "db",
        "friends",  # friends-N / friends-NxD preset names
        "nxd",
        # proper names
        "qq",
    }
)
_FIELD = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z]{2,}")
_SUITED = re.compile(r"[♠♥♣♦♤♡♧♢](?:10|[2-9AKQJTakqjt])+")  # ♠AAKK, ♥KK: card notation


def english_words(message: str) -> list[str]:
    """ASCII words of two letters or more outside placeholders and the whitelist."""
    bare = _SUITED.sub(" ", _FIELD.sub(" ", message))
    return [w for w in _WORD.findall(bare) if w.lower() not in ZH_ASCII_WHITELIST]


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def problems(messages: dict[str, tuple[str, str, str]]) -> list[str]:
    """What is wrong with the catalog: untranslated, placeholders that differ,
    English words in a Chinese message. Empty when all is well."""
    out = []
    for code, (en, *zh) in messages.items():
        for lang, s in zip(PO_LOCALES, zh, strict=True):
            if not s or (s == en and _WORD.search(_FIELD.sub(" ", en))):
                out.append(f"{lang} {code}: not translated")
            elif _placeholders(s) - _placeholders(en):
                out.append(f"{lang} {code}: unknown placeholder")
            elif _placeholders(en) - _placeholders(s) - {"them"}:
                out.append(f"{lang} {code}: placeholder left out")
            elif words := english_words(s):
                out.append(f"{lang} {code}: English words {words}")
            elif _TYPE_ENGLISH.search(s):
                out.append(f"{lang} {code}: tells a Chinese reader to type an English command")
            elif ", " in _FIELD.sub(" ", s):
                out.append(f"{lang} {code}: an ASCII comma (use 、 or ，)")
    return out


def missing_names(messages: dict[str, tuple[str, str, str]]) -> list[str]:
    """Presets and call policies with no display name in the catalog."""
    return [f"{key}: no display name" for key in _display_names() if key not in messages]


# 输入 help / 輸入 help: the Chinese command word exists (帮助) and is the one to show.
_TYPE_ENGLISH = re.compile(r"[输輸]入\s*[A-Za-z]")


def _display_names() -> list[str]:
    """Every rule preset and 找朋友 call policy a screen may name: each needs a
    display name in every language (``preset.NAME``, ``policy.NAME``)."""
    from rules.presets import ALL_PRESETS  # the names, not the rules: no import at load
    from rules.ruleset_parts import CALL_POLICIES

    names = [f"preset.{n}" for n in ALL_PRESETS if not n.startswith("friends-")]
    names += ["preset.friends_n", "preset.friends_nxd"]  # friends-N, friends-NxD
    return names + [f"policy.{p}" for p in CALL_POLICIES]


def _catalog(language: str | None) -> Catalog:
    return Catalog(
        locale=None if language is None else PO_LOCALES[language],
        project="shengji-bot",
        domain=DOMAIN,
        charset="utf-8",
        version="0.1.0",
        copyright_holder="the shengji-bot authors",
        last_translator="shengji-bot team",
        language_team=language or "English",
        header_comment=(
            "# Shengji for Discord: player-facing messages.\n"
            "# msgctxt is the stable code the program looks up; msgid is the English source.\n"
            "# This file is distributed under the same license as the shengji-bot project."
        ),
    )


def save(messages: dict[str, tuple[str, str, str]], root: Path | None = None) -> None:
    """Write the template and both .po files from code -> (en, zh-CN, zh-TW), in order."""
    root = root or Path(str(locale_dir()))
    targets: list[tuple[str | None, int, Path]] = [(None, 0, root / f"{DOMAIN}.pot")]
    targets += [
        (lang, i + 1, root / d / "LC_MESSAGES" / f"{DOMAIN}.po")
        for i, (lang, d) in enumerate(PO_LOCALES.items())
    ]
    for lang, index, path in targets:
        cat = _catalog(lang)
        for code, texts in messages.items():
            flags = ["python-brace-format"] if any("{" in t for t in texts) else []
            cat.add(
                texts[0], string="" if lang is None else texts[index], context=code, flags=flags
            )
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fh:
            write_po(fh, cat, width=0, omit_header=False, sort_output=False)
    load.cache_clear()


def add(
    messages: dict[str, tuple[str, str, str]],
    new: dict[str, tuple[str, str, str]],
    after: str | None = None,
) -> dict[str, tuple[str, str, str]]:
    """``messages`` with ``new`` added (or replaced in place); new codes go after
    ``after``, else after the last code sharing their prefix, else at the end."""
    out = dict(messages)
    for code, texts in new.items():
        if code in out:
            out[code] = texts
            continue
        anchor = after
        if anchor is None:
            prefix = code.split(".")[0] + "." if "." in code else None
            same = [c for c in out if prefix and c.startswith(prefix)]
            anchor = same[-1] if same else None
        if anchor is None or anchor not in out:
            out[code] = texts
        else:
            items = list(out.items())
            i = [c for c, _ in items].index(anchor) + 1
            out = dict([*items[:i], (code, texts), *items[i:]])
        after = code if after is not None else None
    return out


def literal_catalog(source: str) -> dict[str, tuple[str, str, str]]:
    """The ``CATALOG = {...}`` literal of an older ``bot/i18n.py`` (before the .po
    files), read without running it."""
    for node in ast.walk(ast.parse(source)):
        target: ast.expr
        if isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == "CATALOG" and value is not None:
            found = ast.literal_eval(value)
            if isinstance(found, dict):
                return {str(code): (t[0], t[1], t[2]) for code, t in found.items()}
    return {}


def fold(
    messages: dict[str, tuple[str, str, str]], old: dict[str, tuple[str, str, str]]
) -> tuple[dict[str, tuple[str, str, str]], list[str], list[str]]:
    """Messages of an older literal catalog that the .po files lack, added after the
    code that precedes them there. Returns (messages, added, differing): codes in
    both whose texts differ are only listed (review them by hand)."""
    out = dict(messages)
    added, differing = [], []
    previous: str | None = None
    for code, texts in old.items():
        if code in out:
            if out[code] != texts:
                differing.append(code)
        else:
            out = add(out, {code: texts}, previous)
            added.append(code)
        previous = code
    return out, added, differing


def main(argv: list[str]) -> int:
    """``check``: list the catalog's problems (exit 1 if any); ``add CODE EN ZH_CN
    ZH_TW [AFTER]``: add or replace one message in all three files; ``fold FILE``:
    add the messages of an older bot/i18n.py's CATALOG literal (e.g. from a branch:
    ``git show BRANCH:bot/i18n.py > old.py``) that the .po files lack."""
    messages = load()
    if argv[:1] == ["fold"] and len(argv) == 2:
        old = literal_catalog(Path(argv[1]).read_text(encoding="utf-8"))
        folded, added, differing = fold(messages, old)
        save(folded)
        print(f"added {len(added)}: {' '.join(added) or '-'}")
        print(f"differ (not changed, review): {' '.join(differing) or '-'}")
        return 0
    if argv[:1] == ["add"] and len(argv) in (5, 6):
        code, en, cn, tw = argv[1:5]
        save(add(messages, {code: (en, cn, tw)}, argv[5] if len(argv) == 6 else None))
        return 0
    if argv[:1] == ["check"]:
        found = problems(messages) + missing_names(messages)
        print("\n".join(found) or f"{len(messages)} messages, all translated")
        return 1 if found else 0
    print(main.__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
