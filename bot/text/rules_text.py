"""A table's rules in words (``/table rules``), in the reader's language."""

from __future__ import annotations

from bot.text.i18n import preset_label, text
from bot.text.score_text import score_table_text
from rules.cards import Suit, rank_name
from rules.ruleset import RuleSet


def form_text(locale: str | None, form: str) -> str:
    """A declaration form ("L2", "LJ2", "BJ+P" …) in words."""
    if form.endswith("+P"):
        kind = "small_joker_pairs" if form.startswith("LJ") else "big_joker_pairs"
        return text(locale, f"rules.form.{kind}")
    for prefix, kind in (("LJ", "small_jokers"), ("BJ", "big_jokers"), ("L", "level")):
        if form.startswith(prefix) and form[len(prefix) :].isdigit():
            n = int(form[len(prefix) :])
            # one card and a pair have words of their own (一张级牌, 一对小王)
            code = f"rules.form.{kind}_{n}" if n <= 2 else f"rules.form.{kind}"
            return text(locale, code, n=n, fallback=form)
    return form


def fallback_text(locale: str | None, rules: RuleSet) -> str:
    """What happens when nobody declares trump."""
    d = rules.declaration
    if d.fallback == "flip":
        return text(locale, "rules.fallback.flip", n=d.fallback_arg)
    if d.fallback == "suit":
        return text(locale, "rules.fallback.suit", suit=Suit(d.fallback_arg).symbol)
    return text(locale, f"rules.fallback.{d.fallback}")


def removed_text(locale: str | None, rules: RuleSet) -> str | None:
    """The cards a short deck leaves out of each pack (None for a full deck)."""
    gone = [rank_name(r) for r in range(2, rules.lowest_rank)]
    parts = [text(locale, "rules.removed.ranks", ranks=text(locale, "list_sep").join(gone))]
    parts = parts if gone else []
    if not rules.jokers:
        parts.append(text(locale, "rules.removed.jokers"))
    if not parts:
        return None
    code = "rules.removed_one" if rules.decks == 1 else "rules.removed"
    what = text(locale, "rules.removed.and").join(parts)
    return text(locale, code, what=what, cards=rules.pack_size, points=rules.total_points)


def rules_lines(locale: str | None, rules: RuleSet, turn_seconds: int) -> list[str]:
    d = rules.declaration
    sep = text(locale, "list_sep")
    removed = removed_text(locale, rules)
    return [
        text(
            locale,
            "rules.head",
            name=preset_label(locale, rules.name),
            decks=rules.decks,
            kitty=rules.kitty_size,
            step=rules.step,
        ),
        *([removed] if removed else []),
        text(locale, "rules.levels", levels=" ".join(rank_name(x) for x in rules.levels)),
        text(
            locale,
            "rules.permanent",
            ranks=" > ".join(rank_name(x) for x in rules.permanent_trumps) or "—",
        ),
        text(
            locale, "rules.must_play", ranks=" ".join(rank_name(x) for x in rules.must_play) or "—"
        ),
        text(
            locale,
            "rules.declare",
            forms=sep.join(form_text(locale, f) for f in d.forms),
            self_override=text(locale, "word.yes" if d.self_override else "word.no"),
            fallback=fallback_text(locale, rules),
        ),
        text(
            locale,
            # No throws, no failed throws: their penalty would only mislead.
            "rules.kitty_only" if rules.throws == "forbidden" else "rules.penalty",
            penalty=rules.throw_penalty,
            scheme=text(locale, f"rules.kitty.{rules.kitty_scheme}"),
            cap=rules.kitty_cap,
        ),
        score_table_text(locale, rules),
        # No timer (the console, a table set to 0): words, not "∞ s".
        text(locale, "rules.timer", seconds=turn_seconds)
        if turn_seconds
        else text(locale, "rules.timer_off"),
    ]
