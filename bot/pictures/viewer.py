"""复盘 as one self-contained HTML file: step through a finished hand in any browser.

    html = viewer_html(hand_replay(parse_record(text)), text, lang="zh-CN", names=names)

The page holds everything inline: the CSS and script (``viewer_assets/``), the
card faces (SVG drawn by the script from shared suit symbols), the replay's
frames as JSON and the hand record itself (``<textarea id="record">``, whose
value is the record exactly, for the console to read back). A Content Security
Policy forbids every fetch, so the file works offline and leaks nothing.

All words come from the gettext catalog in the table's language; the frames
come from ``rules.replay`` so the page never re-implements a rule. Seat names
are data (JSON read with ``textContent``), never markup.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from bot.text.i18n import CATALOG, EN, LANGUAGES, language, seat_name, text
from bot.text.render import calls_text, result_text
from rules.cards import ALL_CARDS, points_in, rank_name
from rules.friends import FriendCall
from rules.notation import format_card
from rules.replay import HandReplay
from rules.trump import TrumpContext

CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"

# The script's words: catalog code -> key the script reads.
_WORDS = (
    "attackers",
    "defenders",
    "points",
    "trick_won",
    "to_play",
    "to_lead",
    "took_back",
    "dealer",
    "friend",
    "cards_left",
    "trick_n",
    "step",
    "opening",
    "kitty_hidden",
    "call_joined",
    "call_spent",
    "call_open",
    "no_declarations",
)


@cache
def _asset(name: str) -> str:
    return (files("bot.pictures") / "viewer_assets" / name).read_text(encoding="utf-8")


def _template(lang: str, code: str) -> str:
    """A message with its {placeholders} left in, for the script to fill."""
    return CATALOG[code][LANGUAGES.index(language(lang))]


def _json_for_script(data: Any) -> str:
    """JSON that cannot end its ``<script>`` element or open a comment in it."""
    return (
        json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
    )


# The step buttons' symbols (⏮ ◀ ▶ ⏭) drawn, not typed: few fonts have ⏮ and ⏭.
_ICONS = {
    "first": '<path d="M3 3h2.2v14H3zM17 3v14L10.6 10zM10.6 3v14L4.2 10z"/>',
    "prev": '<path d="M15 3v14L5 10z"/>',
    "next": '<path d="M5 3v14l10-7z"/>',
    "last": '<path d="M14.8 3H17v14h-2.2zM3 3v14l6.4-7zM9.4 3v14l6.4-7z"/>',
}


def _button(name: str, label: str) -> str:
    icon = (
        f'<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">{_ICONS[name]}</svg>'
    )
    return f'<button type="button" id="{name}" title="{label}" aria-label="{label}">{icon}</button>'


def _seat_labels(lang: str, players: int, names: Sequence[str] | None) -> list[str]:
    out = []
    for s in range(players):
        base = seat_name(lang, s, players)
        name = names[s] if names is not None and s < len(names) else ""
        out.append(text(lang, "player_name", seat=base, name=name) if name else base)
    return out


def _trump_word(lang: str, replay: HandReplay) -> str:
    return text(lang, "word.no_trump") if replay.trump_suit is None else replay.trump_suit.symbol


def _call_answers(replay: HandReplay) -> list[tuple[FriendCall, int | None, int | None, bool]]:
    """Each call with the frame where its copy was played, by whom, and whether
    that seat joined (False: already on the team, so the call was spent)."""
    out = []
    for call in replay.calls:
        seen = 0
        found: tuple[FriendCall, int | None, int | None, bool] = (call, None, None, False)
        for f in replay.frames:
            if f.kind not in ("play", "trick") or f.trick is None or f.seat is None:
                continue
            seat, cards = f.trick.plays[-1]
            seen += sum(1 for c in cards if c == call.card)
            if seen >= call.nth:
                before = replay.frames[f.index - 1].team if f.index else ()
                found = (call, f.index, seat, seat not in before)
                break
        out.append(found)
    return out


def _summary_lines(lang: str, replay: HandReplay, labels: Sequence[str]) -> list[str]:
    s = replay.summary
    mult = f" ×{s.multiplier}" if s.multiplier else ""
    lines = [
        text(lang, "viewer.kitty_points", points=points_in(s.kitty), mult=mult),
        text(
            lang,
            "viewer.result",
            points=s.attackers_points,
            result=result_text(lang, s.winner, s.level_change),
        ),
    ]
    if s.team:
        team = (
            "、".join(labels[t] for t in s.team)
            if language(lang) != EN
            else ", ".join(labels[t] for t in s.team)
        )
        lines.append(text(lang, "friends_team", team=team))
        who = [seat_name(lang, t, replay.players) for t in range(replay.players)]
    else:
        who = [text(lang, "team.ns"), text(lang, "team.ew")]
    changes = " · ".join(
        text(
            lang,
            "viewer.level_change",
            who=who[i],
            before=rank_name(before),
            after=rank_name(after),
        )
        for i, (before, after) in enumerate(zip(s.levels_before, s.levels_after, strict=True))
    )
    lines.append(text(lang, "levels_each", levels=changes))
    return lines


def _joker_names(lang: str) -> dict[str, str]:
    """What a joker's face says: BJ / LJ on an English page, 大王 / 小王 in Chinese."""
    if language(lang) == EN:
        return {"BJ": "BJ", "LJ": "LJ"}
    return {"BJ": "大王", "LJ": "小王"}


def page_data(
    replay: HandReplay, *, lang: str, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """Everything the page's script reads: the frames and the words, in ``lang``."""
    labels = _seat_labels(lang, replay.players, names)
    ctx = TrumpContext.of(replay.rules, replay.level_rank, replay.trump_suit)
    calls = []
    for call, frame, seat, joined in _call_answers(replay):
        calls.append(
            {
                "text": calls_text(lang, [call]),
                "frame": frame,
                "seat": seat,
                "joined": joined,
                "card": format_card(call.card, "ascii"),
            }
        )
    return {
        "lang": language(lang),
        "replay": replay.to_dict(),
        "seats": labels,
        "short": [seat_name(lang, s, replay.players) for s in range(replay.players)],
        "jokers": _joker_names(lang),
        # the hand's trump cards, so a hand shows its trump as one group
        "trumps": [format_card(c, "ascii") for c in ALL_CARDS if ctx.is_trump(c)],
        "words": {w: _template(lang, f"viewer.{w}") for w in _WORDS},
        "calls": calls,
        "summary": _summary_lines(lang, replay, labels),
    }


def viewer_html(
    replay: HandReplay,
    record_text: str,
    *,
    lang: str,
    names: Sequence[str] | None = None,
    title: str | None = None,
) -> str:
    """The replay as one HTML file (no network, any browser, phones too)."""
    lang = language(lang)

    def t(code: str) -> str:
        return html.escape(text(lang, code))

    dealer = _seat_labels(lang, replay.players, names)[replay.dealer]
    head = text(
        lang,
        "status.head",
        hand=replay.hand_no,
        level=rank_name(replay.level_rank),
        trump=_trump_word(lang, replay),
        dealer=dealer,
    )
    page_title = title if title is not None else text(lang, "viewer.title", hand=replay.hand_no)
    seat_options = "".join(
        f'<option value="{s}">{html.escape(label)}</option>'
        for s, label in enumerate(_seat_labels(lang, replay.players, names))
    )
    html_lang = {"en": "en", "zh-CN": "zh-Hans", "zh-TW": "zh-Hant"}[lang]
    # A leading newline inside <textarea> is dropped by the parser: add one so the
    # element's value is the record exactly.
    return f"""<!DOCTYPE html>
<html lang="{html_lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{html.escape(page_title)}</title>
<style>{_asset("viewer.css")}</style>
</head>
<body>
<header class="bar">
<h1>{html.escape(page_title)}</h1>
<p class="head" id="head">{html.escape(head)}</p>
<div class="controls">
<label class="seatpick">{t("viewer.seen_from")}
<select id="seat"><option value="all">{t("viewer.all_hands")}</option>{seat_options}</select></label>
<span class="steps">
{_button("first", t("viewer.first"))}
{_button("prev", t("viewer.prev"))}
{_button("next", t("viewer.next"))}
{_button("last", t("viewer.last"))}
</span>
<label class="jump">{t("viewer.jump")} <select id="trick"></select></label>
<span id="stepno" class="stepno"></span>
</div>
<p class="keys">{t("viewer.keys")}</p>
</header>
<noscript><p class="noscript">{t("viewer.no_script")}</p></noscript>
<main>
<section id="table" class="table"></section>
<aside id="info" class="info">
<section class="box" id="scorebox"></section>
<section class="box"><h2>{t("viewer.declarations")}</h2><div id="declarations"></div></section>
<section class="box"><h2>{t("viewer.kitty")}</h2><div id="kitty" class="cards"></div>
<h2>{t("viewer.buried")}</h2><div id="buried" class="cards"></div></section>
<section class="box" id="callbox" hidden><h2>{t("viewer.calls")}</h2><ul id="calls"></ul></section>
<section class="box" id="summarybox" hidden><h2>{t("viewer.summary")}</h2><div id="summary"></div></section>
<section class="box"><h2>{t("viewer.tricks")}</h2><ol id="tricks"></ol></section>
</aside>
</main>
<details class="recordbox"><summary>{t("viewer.record")}</summary>
<textarea id="record" readonly rows="16" spellcheck="false">
{html.escape(record_text, quote=False)}</textarea></details>
<script type="application/json" id="replay-data">{_json_for_script(page_data(replay, lang=lang, names=names))}</script>
<script>{_asset("viewer.js")}</script>
</body>
</html>
"""
