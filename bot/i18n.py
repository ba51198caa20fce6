"""Messages in English, 简体中文 and 繁體中文, looked up by a stable code.

``text(locale, code, **params)``; a Discord locale such as ``zh-CN``/``en-US`` is
accepted as is. Rules errors (``rules.errors.RuleError``) and service errors share
this catalog by their ``code``.
"""

from __future__ import annotations

from typing import Any

EN, ZH_CN, ZH_TW = "en", "zh-CN", "zh-TW"
LANGUAGES = (EN, ZH_CN, ZH_TW)


def language(locale: str | None) -> str:
    """Map any locale string (Discord's ``zh-TW``, ``en-US`` …) to one we speak."""
    if not locale:
        return EN
    low = locale.lower()
    if low.startswith(("zh-tw", "zh-hk", "zh-hant")):
        return ZH_TW
    if low.startswith("zh"):
        return ZH_CN
    return EN


# code -> (English, 简体中文, 繁體中文)
CATALOG: dict[str, tuple[str, str, str]] = {
    # ---- rules errors ------------------------------------------------------------------
    "not_held": ("You do not hold {cards}.", "你没有 {cards}。", "你沒有 {cards}。"),
    "empty_play": ("Play at least one card.", "请至少出一张牌。", "請至少出一張牌。"),
    "mixed_suit_lead": (
        "A lead must be all one suit (all trumps count as one suit).",
        "首家出牌必须是同一门花色（所有主牌算一门）。",
        "首家出牌必須是同一門花色（所有主牌算一門）。",
    ),
    "wrong_count": (
        "Play {count} card(s), as many as were led.",
        "请出 {count} 张牌，和首家张数相同。",
        "請出 {count} 張牌，和首家張數相同。",
    ),
    "must_follow_suit": (
        "You hold {suit} cards: play {count} of them first.",
        "你还有{suit}，必须先出 {count} 张{suit}。",
        "你還有{suit}，必須先出 {count} 張{suit}。",
    ),
    "must_match_shape": (
        "You hold {need} in {suit} and must play {them}.",
        "你有{suit}的{need}，必须跟出。",
        "你有{suit}的{need}，必須跟出。",
    ),
    "wrong_bury_count": (
        "Bury exactly {count} cards.",
        "请埋 {count} 张牌。",
        "請埋 {count} 張牌。",
    ),
    "bad_declaration": (
        "That is not a declaration: show level cards ({level}) of one suit, or a pair of jokers.",
        "不能这样亮主：请亮出同一花色的级牌（{level}），或一对王。",
        "不能這樣亮主：請亮出同一花色的級牌（{level}），或一對王。",
    ),
    "declaration_too_weak": (
        "An override must be stronger than the current declaration ({current}).",
        "反主必须比当前亮的主（{current}）更大。",
        "反主必須比目前亮的主（{current}）更大。",
    ),
    "no_more_overrides": (
        "Trump has already been overridden this hand; no more overrides.",
        "本局已经反过主了，不能再反。",
        "本局已經反過主了，不能再反。",
    ),
    "no_self_reinforce": (
        "You may not strengthen your own declaration here.",
        "本规则不允许自保。",
        "本規則不允許自保。",
    ),
    "no_self_override": (
        "You may not change the trump over your own declaration in these rules.",
        "本规则不允许自反（改自己亮的主）。",
        "本規則不允許自反（改自己亮的主）。",
    ),
    "wrong_phase": (
        "That cannot be done now (the table is {phase}).",
        "现在不能这样做（当前阶段：{phase}）。",
        "現在不能這樣做（目前階段：{phase}）。",
    ),
    "not_your_turn": (
        "It is not your turn — wait for {turn_name}.",
        "还没轮到你——现在轮到 {turn_name}。",
        "還沒輪到你——現在輪到 {turn_name}。",
    ),
    "not_dealer": (
        "Only the dealer buries the kitty.",
        "只有庄家可以埋底。",
        "只有莊家可以埋底。",
    ),
    "already_passed": ("You have already passed.", "你已经过了。", "你已經過了。"),
    "bad_seat": ("There is no such seat.", "没有这个座位。", "沒有這個座位。"),
    "bad_count": ("That count is not valid.", "数量不对。", "數量不對。"),
    "match_over": ("The match is over.", "本场比赛已经结束。", "本場比賽已經結束。"),
    "unknown_action": ("Unknown action.", "未知操作。", "未知操作。"),
    "bad_cards": (
        "I cannot read {token!r}: {reason}. Cards look like ♠A, SA, A♠, 黑桃A, ♥10 (or HT), "
        "♠AAKK; jokers 小王/LJ and 大王/BJ.",
        "看不懂 {token!r}：{reason}。牌的写法如 ♠A、SA、A♠、黑桃A、♥10（或 HT）、♠AAKK；"
        "小王/LJ，大王/BJ。",
        "看不懂 {token!r}：{reason}。牌的寫法如 ♠A、SA、A♠、黑桃A、♥10（或 HT）、♠AAKK；"
        "小王/LJ，大王/BJ。",
    ),
    # ---- service errors ------------------------------------------------------------------
    "no_table": (
        "There is no table in this channel. Start one with /table new.",
        "这个频道没有牌桌。用 /table new 开一桌。",
        "這個頻道沒有牌桌。用 /table new 開一桌。",
    ),
    "table_exists": (
        "This channel already has a table. Join it with /table join.",
        "这个频道已经有牌桌了。用 /table join 加入。",
        "這個頻道已經有牌桌了。用 /table join 加入。",
    ),
    "not_seated": (
        "You are not seated at this table. Take a seat with /table join.",
        "你不在这桌。用 /table join 入座。",
        "你不在這桌。用 /table join 入座。",
    ),
    "already_seated": (
        "You already sit in seat {seat_name}.",
        "你已经坐在 {seat_name} 位。",
        "你已經坐在 {seat_name} 位。",
    ),
    "seat_taken": (
        "Seat {seat_name} is taken. Pick a free seat or leave it empty to take any.",
        "{seat_name} 位已有人。请选空位，或不指定座位。",
        "{seat_name} 位已有人。請選空位，或不指定座位。",
    ),
    "table_full": ("All four seats are taken.", "四个座位都满了。", "四個座位都滿了。"),
    "not_ai_seat": (
        "Seat {seat_name} is not an AI seat.",
        "{seat_name} 位不是电脑玩家。",
        "{seat_name} 位不是電腦玩家。",
    ),
    "need_four": (
        "A game needs four seats filled ({filled}/4). Invite players or add AI with /table addbot.",
        "需要坐满四人（现在 {filled}/4）。邀请玩家或用 /table addbot 加电脑。",
        "需要坐滿四人（現在 {filled}/4）。邀請玩家或用 /table addbot 加電腦。",
    ),
    "already_started": (
        "The game has already started.",
        "游戏已经开始了。",
        "遊戲已經開始了。",
    ),
    "not_started": (
        "The game has not started yet. Start it with /table start.",
        "游戏还没开始。用 /table start 开始。",
        "遊戲還沒開始。用 /table start 開始。",
    ),
    "not_creator": (
        "Only the table's creator or a moderator (Manage Channels) can do that.",
        "只有开桌的人或管理员（管理频道权限）可以这样做。",
        "只有開桌的人或管理員（管理頻道權限）可以這樣做。",
    ),
    "hand_not_over": (
        "The hand is still being played.",
        "这一局还没打完。",
        "這一局還沒打完。",
    ),
    "bad_option": ("Invalid option: {detail}", "选项无效：{detail}", "選項無效：{detail}"),
    "unknown_preset": (
        "Unknown rule preset {name!r}. Choose one of: {choices}.",
        "没有规则 {name!r}。可选：{choices}。",
        "沒有規則 {name!r}。可選：{choices}。",
    ),
    "unknown_ai_level": (
        "Unknown AI level {name!r}. Choose one of: {choices}.",
        "没有电脑等级 {name!r}。可选：{choices}。",
        "沒有電腦等級 {name!r}。可選：{choices}。",
    ),
    "storage_unavailable": (
        "The game database cannot be reached right now; nothing was changed. Try again in a moment.",
        "暂时连不上游戏数据库，什么都没有改变。请稍后再试。",
        "暫時連不上遊戲資料庫，什麼都沒有改變。請稍後再試。",
    ),
    "storage_full": (
        "The game database is full; nothing was changed. Please tell the bot's host.",
        "游戏数据库已满，什么都没有改变。请通知机器人管理员。",
        "遊戲資料庫已滿，什麼都沒有改變。請通知機器人管理員。",
    ),
    "busy": (
        "The table changed at the same moment; nothing was changed. Try again.",
        "牌桌刚好同时有变化，什么都没有改变。请再试一次。",
        "牌桌剛好同時有變化，什麼都沒有改變。請再試一次。",
    ),
    "duplicate": (
        "That was already done.",
        "这个操作已经完成了。",
        "這個操作已經完成了。",
    ),
    # ---- table messages ---------------------------------------------------------------
    "dm_closed": (
        "{mention} cannot receive my DMs, so I cannot send your cards there. Use /hand to see "
        "them (only you will), or allow DMs from server members.",
        "{mention} 关闭了私信，我无法私信你的手牌。请用 /hand 查看（只有你能看到），或允许服务器成员私信。",
        "{mention} 關閉了私訊，我無法私訊你的手牌。請用 /hand 查看（只有你能看到），或允許伺服器成員私訊。",
    ),
    "seat_to_ai": (
        "{seat_name} left: an AI player takes over the seat.",
        "{seat_name} 离开了：由电脑接替。",
        "{seat_name} 離開了：由電腦接替。",
    ),
    "followup_delayed": (
        "Your move is saved. The table's next step (an AI seat or a timer) is delayed because "
        "the game database is not answering; it is retried automatically.",
        "你的操作已保存。由于游戏数据库暂时没有响应，牌桌的下一步（电脑或计时器）推迟了，稍后会自动重试。",
        "你的操作已儲存。由於遊戲資料庫暫時沒有回應，牌桌的下一步（電腦或計時器）延後了，稍後會自動重試。",
    ),
    "auto_acted": (
        "⏰ {seat_name} ran out of time: a move was made for them.",
        "⏰ {seat_name} 超时，系统代为出牌。",
        "⏰ {seat_name} 超時，系統代為出牌。",
    ),
    "table_ended": ("The table is closed.", "牌桌已关闭。", "牌桌已關閉。"),
    "lobby_header": (
        "🀄 **Shengji table** — rules: {preset}, {decks} deck(s). Take a seat:",
        "🀄 **升级牌桌** — 规则：{preset}，{decks} 副牌。请入座：",
        "🀄 **升級牌桌** — 規則：{preset}，{decks} 副牌。請入座：",
    ),
    "lobby_footer": (
        "Partners sit opposite (North–South vs East–West). Turn timer: {timer} s. "
        "Press Start when all four seats are filled.",
        "对家坐对面（南北对东西）。每步限时：{timer} 秒。坐满四人后按开始。",
        "對家坐對面（南北對東西）。每步限時：{timer} 秒。坐滿四人後按開始。",
    ),
    "table_title": (
        "Hand {hand} · trump {trump}",
        "第 {hand} 局 · 主 {trump}",
        "第 {hand} 局 · 主 {trump}",
    ),
    "last_trick": (
        "Trick {n} → {winner} (+{points})",
        "第 {n} 轮 → {winner}（{points} 分）",
        "第 {n} 輪 → {winner}（{points} 分）",
    ),
    "hand_over": ("Hand over", "本局结束", "本局結束"),
    "dm_header": (
        "Your hand at {channel} — hand {hand}, trump {trump}",
        "你在 {channel} 的手牌 — 第 {hand} 局，主 {trump}",
        "你在 {channel} 的手牌 — 第 {hand} 局，主 {trump}",
    ),
    "dm_kitty": (
        "You are the dealer. The kitty was: {kitty}. Bury {n} cards with /bury (only you see them).",
        "你是庄家。底牌是：{kitty}。请用 /bury 埋 {n} 张牌（只有你能看到）。",
        "你是莊家。底牌是：{kitty}。請用 /bury 埋 {n} 張牌（只有你能看到）。",
    ),
    "dm_buried": ("You buried: {cards}", "你埋的底：{cards}", "你埋的底：{cards}"),
    "turn_of": ("Next: {who}", "轮到：{who}", "輪到：{who}"),
    "your_hand": ("Your hand:", "你的手牌：", "你的手牌："),
    "declared_ok": ("Declared {cards}.", "已亮 {cards}。", "已亮 {cards}。"),
    "declared_public": (
        "{who} declares {cards}.",
        "{who} 亮主：{cards}。",
        "{who} 亮主：{cards}。",
    ),
    "reinforced_public": (
        "{who} reinforces: {cards}.",
        "{who} 自保：{cards}。",
        "{who} 自保：{cards}。",
    ),
    "overridden_public": (
        "{who} overrides: {cards}.",
        "{who} 反主：{cards}。",
        "{who} 反主：{cards}。",
    ),
    "kitty_was": ("Kitty: {cards}", "底牌：{cards}", "底牌：{cards}"),
    "stale_button": (
        "That button belongs to an earlier hand.",
        "这个按钮属于之前的一局。",
        "這個按鈕屬於之前的一局。",
    ),
    "passed_ok": ("You pass.", "你选择不亮。", "你選擇不亮。"),
    "buried_ok": ("Buried {cards}.", "已埋底：{cards}。", "已埋底：{cards}。"),
    "joined": ("{who} sits {seat_name}.", "{who} 坐在{seat_name}。", "{who} 坐在{seat_name}。"),
    "left": ("{who} left the table.", "{who} 离开了牌桌。", "{who} 離開了牌桌。"),
    "ai_added": (
        "An AI player sits {seat_name}.",
        "电脑玩家坐在{seat_name}。",
        "電腦玩家坐在{seat_name}。",
    ),
    "started": (
        "The game starts — cards are being dealt. Check your DMs.",
        "游戏开始——正在发牌，请查看私信。",
        "遊戲開始——正在發牌，請查看私訊。",
    ),
    "created": ("Table opened in {channel}.", "已在 {channel} 开桌。", "已在 {channel} 開桌。"),
    "ended": ("Table ended.", "牌桌已结束。", "牌桌已結束。"),
    "next_started": ("Next hand!", "下一局开始！", "下一局開始！"),
    "no_game": ("No game is running here.", "这里没有进行中的游戏。", "這裡沒有進行中的遊戲。"),
    # ---- words ------------------------------------------------------------------------------
    "phase.lobby": ("waiting for players", "等待玩家", "等待玩家"),
    "phase.dealing": ("dealing", "发牌中", "發牌中"),
    "phase.declaring": ("declaring trump", "亮主中", "亮主中"),
    "phase.burying": ("burying the kitty", "埋底中", "埋底中"),
    "phase.playing": ("playing", "出牌中", "出牌中"),
    "phase.scored": ("hand over", "本局结束", "本局結束"),
    "phase.finished": ("match over", "比赛结束", "比賽結束"),
    "phase.ended": ("ended", "已结束", "已結束"),
    "word.trump": ("trump", "主牌", "主牌"),
    "word.no_trump": ("no-trump", "无主", "無主"),
    "word.black": ("black", "黑色", "黑色"),
    "word.red": ("red", "红色", "紅色"),
    "word.pair": ("pair", "对子", "對子"),
    "word.triple": ("triple", "三张", "三張"),
    "word.quad": ("quad", "四张", "四張"),
    "word.tractor": ("tractor of {n} {unit}s", "{n}连{unit}拖拉机", "{n}連{unit}拖拉機"),
    "word.ai": ("AI", "电脑", "電腦"),
    "word.empty": ("(empty)", "（空位）", "（空位）"),
}

SEAT_NAMES = {
    EN: ("North", "East", "South", "West"),
    ZH_CN: ("北", "东", "南", "西"),
    ZH_TW: ("北", "東", "南", "西"),
}
SEAT_LETTERS = ("N", "E", "S", "W")


def seat_name(locale: str | None, seat: int) -> str:
    return SEAT_NAMES[language(locale)][seat]


def text(locale: str | None, code: str, **params: Any) -> str:
    """The message for ``code`` in the locale's language, formatted with params."""
    entry = CATALOG.get(code)
    if entry is None:
        return params.get("fallback", code)
    template = entry[LANGUAGES.index(language(locale))]
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        # A message that cannot be filled in must not show raw {placeholders}.
        fallback = params.get("fallback")
        return str(fallback) if fallback else template.split("{")[0].strip() or code


def shape_text(locale: str | None, shape: tuple[int, int]) -> str:
    w, length = shape
    unit = text(locale, {2: "word.pair", 3: "word.triple", 4: "word.quad"}.get(w, "word.pair"))
    if length == 1:
        return unit
    return text(locale, "word.tractor", n=length, unit=unit)
