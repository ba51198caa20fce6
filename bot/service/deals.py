"""Play this deal again (``/table new deal:<hand>``): a new table whose first hand
deals a finished hand's very cards to the same seats — the same seed, hand number,
redeal count, levels and start dealer, from the hand's record
(``rules.record.HandRecord.start``) — under that hand's own rule set.

The table keeps the hand's number in its options (``TableOptions.deal``) until it
starts; from then on the match's stored snapshot holds the deal, so a restart
goes on with the same cards."""

from __future__ import annotations

from bot.service.errors import ServiceError
from bot.service.replays import ReplayService
from rules.game import Match
from rules.record import HandRecord, parse_record
from rules.ruleset import RuleSet
from storage import StoredHand


def record_of(hand: StoredHand) -> HandRecord:
    try:
        return parse_record(hand.record)
    except (ValueError, KeyError, IndexError) as exc:  # RecordError, RuleSetError
        raise ServiceError("replay_bad_record", hand=hand.hand_id) from exc


async def deal_rules(
    replays: ReplayService,
    guild_id: int | None,
    hand_id: int,
    asked: RuleSet | None,
    players: int | None,
    decks: int | None,
) -> RuleSet:
    """The rule set of a table that plays hand #``hand_id``'s deal again: the hand's
    own. ``asked`` (a preset or saved set named with it), ``players`` and ``decks``
    may only agree with it: another seat or deck count cannot deal those cards."""
    hand = await replays.hand(guild_id, hand_id)
    record = record_of(hand)
    try:
        rules = record.rules()
        record.start()  # the start must build (a record of a newer bot may not)
    except (ValueError, KeyError, IndexError) as exc:
        raise ServiceError("replay_bad_record", hand=hand_id) from exc
    wanted = (
        players if players is not None else asked.players if asked else rules.players,
        decks if decks is not None else asked.decks if asked else rules.decks,
    )
    if wanted != (rules.players, rules.decks):
        raise ServiceError(
            "deal_rules_differ", hand=hand_id, players=rules.players, decks=rules.decks
        )
    return rules


async def first_match(replays: ReplayService, guild_id: int | None, hand_id: int) -> Match:
    """The match of a table that plays hand #``hand_id``'s deal again, at its start."""
    hand = await replays.hand(guild_id, hand_id)
    try:
        return record_of(hand).start()
    except (ValueError, KeyError, IndexError) as exc:
        raise ServiceError("replay_bad_record", hand=hand_id) from exc
