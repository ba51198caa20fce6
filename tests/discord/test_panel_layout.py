"""The panel's layout for every preset, without Discord: the whole hand fits Discord's
limits (≤ 5 rows, ≤ 25 options per select, ids ≤ 100, labels ≤ 80), suits stay
grouped, option values tell copies apart, and emojis are optional."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.discord_app.emojis import CardEmojis
from bot.discord_app.panel.build import PanelState, build
from bot.discord_app.panel.layout import MAX_OPTIONS, group_hand, selected_cards, slots_of, stamp
from rules.cards import ALL_CARDS, Card
from rules.game import Match
from rules.presets import PRESETS, friends_rules
from rules.ruleset import RuleSet
from rules.scripted import deal_and_declare
from rules.trump import TRUMP
from tests.support.friends_helpers import random_action
from tests.support.play_options import playing_match


def burying_match(preset: str) -> Match:
    m = Match(PRESETS[preset], f"layout-{preset}")
    deal_and_declare(m)
    return m


def components(ui: Any) -> list[dict[str, Any]]:
    return [c for row in ui.to_components() for c in row["components"]]


@pytest.mark.parametrize("preset", sorted(PRESETS))
async def test_every_preset_hand_fits_the_panel(preset: str) -> None:
    views = []
    m = playing_match(preset, f"layout-{preset}")
    views.append(m.view_for(m.hand.turn))
    b = burying_match(preset)
    if b.phase == "burying":
        views.append(b.view_for(b.hand.dealer))  # the dealer's hand + kitty
    for view in views:
        hand = view.hand
        assert hand is not None
        groups = group_hand(view.context, hand)
        assert 1 <= len(groups) <= 3 and all(len(g.slots) <= MAX_OPTIONS for g in groups)
        assert sorted(s.card for g in groups for s in g.slots) == sorted(hand)
        values = [s.value for g in groups for s in g.slots]
        assert len(set(values)) == len(values)  # copies told apart
        content, ui = build("en", PanelState(7, view, None))
        rows = ui.to_components()
        assert len(rows) <= 5 and len(content) <= 2000
        for row in rows:
            assert len(row["components"]) <= 5
        for c in components(ui):
            assert len(c["custom_id"]) <= 100
            assert len(c.get("label") or "") <= 80
            assert len(c.get("options") or []) <= 25


async def test_the_largest_hand_four_decks_splits_long_suits() -> None:
    m = playing_match("four-decks", "layout-big")
    view = m.view_for(m.hand.turn)
    assert view.hand is not None and len(view.hand) == 54
    groups = group_hand(view.context, view.hand)
    assert len(groups) == 3 and sum(len(g.slots) for g in groups) == 54
    # Cards stay in display order (plain suits, then trump) across the selects.
    order = [s.card for g in groups for s in g.slots]
    assert order == view.context.sort_cards(view.hand)


async def test_whole_suits_share_a_select_when_they_fit() -> None:
    m = playing_match("classic", "layout-suits")
    view = m.view_for(m.hand.turn)
    assert view.hand is not None
    ctx = view.context
    for g in group_hand(ctx, view.hand):
        suits_here = {ctx.suit_of[s.card] for s in g.slots}
        assert suits_here == set(g.suits)
    seen: list[int] = []
    for g in group_hand(ctx, view.hand):
        seen.extend(g.suits)
    assert len(seen) == len(set(seen))  # no suit split over two selects
    assert seen == sorted(seen, key=lambda s: (s == TRUMP, s))


async def test_selection_values_and_stamps() -> None:
    m = playing_match("classic", "layout-values")
    seat = m.hand.turn
    view = m.view_for(seat)
    assert view.hand is not None
    slots = slots_of(view.context, view.hand)
    values = [s.value for s in slots[:3]]
    assert selected_cards(values, view.hand) == [s.card for s in slots[:3]]
    assert selected_cards(["53.9"], view.hand) is None  # not a copy in this hand
    assert selected_cards(["junk"], view.hand) is None
    other = dataclasses.replace(view, hand=view.hand[1:])
    assert stamp(other) != stamp(view)
    assert stamp(dataclasses.replace(view, current=((0, (Card.S2,)),))) == stamp(view)


async def test_card_emojis_are_shown_when_given() -> None:
    m = playing_match("classic", "layout-emoji")
    view = m.view_for(m.hand.turn)
    assert view.hand is not None
    base = 1_300_000_000_000_000_000  # emoji ids are snowflakes
    emojis = CardEmojis({c: base + int(c) for c in ALL_CARDS})
    _, ui = build("en", PanelState(7, view, None, emojis=emojis))
    options = [o for c in components(ui) for o in c.get("options") or []]
    assert options and all(
        int(o["emoji"]["id"]) == base + int(o["value"].split(".")[0]) for o in options
    )
    _, plain = build("en", PanelState(7, view, None))
    assert all("emoji" not in o for c in components(plain) for o in c.get("options") or [])


@pytest.mark.parametrize("rules", [friends_rules(4, 5), friends_rules(10)], ids=["4x5", "10x5"])
async def test_five_deck_hands_fit_the_panel(rules: RuleSet) -> None:
    """The widest hand any table deals: four seats of five decks, 66 cards, and the
    dealer's 72 while burying, still within three selects of 25."""
    m = Match(rules, "layout-five")
    rng = random.Random(5)
    while m.phase != "burying":
        m.apply(random_action(m, rng))
    assert m.hand.dealer is not None
    view = m.view_for(m.hand.dealer)
    assert view.hand is not None and len(view.hand) == rules.hand_size + rules.kitty_size
    groups = group_hand(view.context, view.hand)
    assert len(groups) <= 3 and all(len(g.slots) <= MAX_OPTIONS for g in groups)
    assert sorted(s.card for g in groups for s in g.slots) == sorted(view.hand)
    content, ui = build("en", PanelState(7, view, None))
    assert len(ui.to_components()) <= 5 and len(content) <= 2000


@pytest.mark.parametrize("name", ["classic", "one-deck", "four-decks", "friends-6", "tournament"])
def test_the_rules_panel_offers_only_numbers_the_table_can_play(name: str) -> None:
    """Each number a Rules panel select offers is one this table accepts (it used to
    offer 28, 51, 74 … points a step and kitty sizes that do not divide the deal, and
    could not offer 40 or 80 points, a kitty of 8 or a cap of 8); ≤ 25 options, the
    current value marked."""
    from bot.discord_app.rules_panel import SettingSelect, pages, value_choices
    from rules.presets import preset
    from rules.settings import REGISTRY

    rules = preset(name)
    for page, settings in pages(rules):
        for row, setting in enumerate(settings, start=1):
            select = SettingSelect(7, page, setting, "zh-CN", rules, row).item
            assert 1 <= len(select.options) <= 25
            assert [o.value for o in select.options if o.default] == [setting.read(rules)]
            if setting.bounds is None:
                continue
            for option in select.options:
                REGISTRY.apply(rules, {setting.name: option.value})  # raises if refused
    if name == "classic":
        offered = {s.name: value_choices(s, s.read(rules), rules) for s in REGISTRY}
        assert {"20", "40", "80", "100"} <= set(offered["score_step"])
        assert {"8", "12"} <= set(offered["kitty_size"])
        assert {"4", "8", "16", "64"} <= set(offered["kitty_cap"])
