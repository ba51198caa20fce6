"""``--rule NAME=VALUE`` in the words a player sees: a setting by its name
(``throws``) or by its label in any language (``甩牌``, ``Throws``), a value by its
code or its label (``不许``, ``forbidden``), as ``python -m bot rules`` and the Rules
panel show them; and, for a mistyped name, the nearest one (``throw`` → ``throws``)."""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata

from bot.text.i18n import LANGUAGES, text
from bot.text.settings_text import setting_label, value_label
from rules.settings import REGISTRY, Setting

# A label's bracketed note ("Throws (甩牌)", "自动（20 × 副数）") may be left out.
_NOTE = re.compile(r"\s*[（(][^（）()]*[）)]\s*$")


def _key(word: str) -> str:
    """How words are compared: full-width folded (ＡＢ, （）), case and spaces ignored."""
    return unicodedata.normalize("NFKC", word).strip().casefold()


def _forms(label: str) -> set[str]:
    return {_key(label), _key(_NOTE.sub("", label))} - {""}


@functools.cache
def _names() -> dict[str, str]:
    """Every way to write a setting's name -> the setting's name."""
    out: dict[str, str] = {}
    for s in REGISTRY:
        for lang in LANGUAGES:
            for form in _forms(setting_label(lang, s.name)):
                out.setdefault(form, s.name)
    for s in REGISTRY:  # the names themselves win over any label
        out[_key(s.name)] = s.name
        out[_key(s.name.replace("_", "-"))] = s.name
    return out


def setting_name(word: str) -> str | None:
    """The setting ``word`` names (its name or a label in any language), or None."""
    return _names().get(_key(word))


def setting_value(setting: Setting, word: str) -> str:
    """``word`` as the setting's value: a choice or example by its code or its label
    in any language; anything else (numbers, ``defend:5,10``) as typed."""
    key = _key(word)
    for value in (*setting.choices, *setting.examples):
        if key == _key(value):
            return value
    for value in (*setting.choices, *setting.examples):
        if any(key in _forms(value_label(lang, setting, value)) for lang in LANGUAGES):
            return value
    return word.strip()


def nearest_name(word: str) -> str | None:
    """The setting name or label most like a mistyped ``word`` (difflib), as written
    in the list it came from (``throw`` → ``throws``, ``甩`` → ``甩牌``); None when
    nothing is close."""
    candidates = {s.name for s in REGISTRY}
    candidates |= {
        _NOTE.sub("", setting_label(lang, s.name)) for s in REGISTRY for lang in LANGUAGES
    }
    folded = {_key(c): c for c in sorted(candidates)}
    found = difflib.get_close_matches(_key(word), list(folded), n=1, cutoff=0.6)
    return folded[found[0]] if found else None


def allowed_words(lang: str, setting: Setting) -> str:
    """The values a setting takes by their labels (also accepted as values) and its
    range; a free-form setting's examples as they are typed (``stop:2,a``)."""
    values = [_NOTE.sub("", value_label(lang, setting, v)) for v in setting.choices]
    if setting.bounds is not None:
        values.append(f"{setting.bounds[0]}..{setting.bounds[1]}")
    return text(lang, "list_sep").join(values or setting.examples) or setting.allowed()
