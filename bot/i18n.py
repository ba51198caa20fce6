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
    # ---- 找朋友 (Finding Friends): friend calls ------------------------------------------
    "not_dealer_call": (
        "Only the dealer calls friends.",
        "只有庄家可以找朋友。",
        "只有莊家可以找朋友。",
    ),
    "wrong_call_count": (
        "Call exactly {count} friend(s), e.g. #1 ♥A, #2 ♠K.",
        "请叫 {count} 个朋友，例如 #1 ♥A, #2 ♠K。",
        "請叫 {count} 個朋友，例如 #1 ♥A, #2 ♠K。",
    ),
    "bad_call_copy": (
        "The copy must be 1 to {copies} (there are {copies} decks).",
        "第几张必须是 1 到 {copies}（共 {copies} 副牌）。",
        "第幾張必須是 1 到 {copies}（共 {copies} 副牌）。",
    ),
    "call_not_allowed": (
        "{card} cannot be called at this table ({policy}).",
        "本桌不能叫 {card}（{policy}）。",
        "本桌不能叫 {card}（{policy}）。",
    ),
    "duplicate_call": (
        "You called the same card twice.",
        "同一张牌叫了两次。",
        "同一張牌叫了兩次。",
    ),
    "bad_call": (
        "I cannot read that call: write it like #1 ♥A, #2 ♠K.",
        "看不懂这个叫牌：请写成 #1 ♥A, #2 ♠K。",
        "看不懂這個叫牌：請寫成 #1 ♥A, #2 ♠K。",
    ),
    "call_started": (
        "{who} now calls {n} friend(s).",
        "{who} 正在找 {n} 个朋友。",
        "{who} 正在找 {n} 個朋友。",
    ),
    "friends_called": (
        "{who} calls friends: {calls}. Whoever plays a called copy joins the dealer.",
        "{who} 找朋友：{calls}。打出所叫那张牌的人加入庄家方。",
        "{who} 找朋友：{calls}。打出所叫那張牌的人加入莊家方。",
    ),
    "friend_joined": (
        "{who} plays {call} and joins the dealer's team!",
        "{who} 打出 {call}，成为庄家的朋友！",
        "{who} 打出 {call}，成為莊家的朋友！",
    ),
    "friend_wasted": (
        "{who} plays {call} but is already on the dealer's team: that call is spent.",
        "{who} 打出 {call}，但已在庄家方：这个朋友落空了。",
        "{who} 打出 {call}，但已在莊家方：這個朋友落空了。",
    ),
    "friends_status": (
        "Friend calls: {calls} · dealer's team so far: {team}",
        "找朋友：{calls} · 庄家方目前：{team}",
        "找朋友：{calls} · 莊家方目前：{team}",
    ),
    "hand_result_friends": (
        "Attackers {points} points: {result}; {next} deals next.",
        "抓分方 {points} 分：{result}；下一局 {next} 坐庄。",
        "抓分方 {points} 分：{result}；下一局 {next} 坐莊。",
    ),
    "friends_team": ("Dealer's team: {team}.", "庄家方：{team}。", "莊家方：{team}。"),
    "friends_bonus": (
        "(a team smaller than called: +{bonus} bonus level)",
        "（人数少于所叫：额外升 {bonus} 级）",
        "（人數少於所叫：額外升 {bonus} 級）",
    ),
    "levels_each": ("Levels: {levels}", "级别：{levels}", "級別：{levels}"),
    "match_won_seats": ("🏆 {who} win the match!", "🏆 {who} 赢得比赛！", "🏆 {who} 贏得比賽！"),
    "seat.n": ("Seat {n}", "{n}号位", "{n}號位"),
    "need_players": (
        "A game needs all {seats} seats filled ({filled}/{seats}). Invite players or add AI "
        "with /table addbot.",
        "需要坐满 {seats} 人（现在 {filled}/{seats}）。邀请玩家或用 /table addbot 加电脑。",
        "需要坐滿 {seats} 人（現在 {filled}/{seats}）。邀請玩家或用 /table addbot 加電腦。",
    ),
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
        "The last move is saved. The table's next step (an AI seat or a timer) is delayed because "
        "the game database is not answering; it is retried automatically.",
        "刚才的操作已保存。由于游戏数据库暂时没有响应，牌桌的下一步（电脑或计时器）推迟了，稍后会自动重试。",
        "剛才的操作已儲存。由於遊戲資料庫暫時沒有回應，牌桌的下一步（電腦或計時器）延後了，稍後會自動重試。",
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
    "lobby_started": (
        "The game is on — follow it on the table message: {link}",
        "游戏已开始——请看牌桌消息：{link}",
        "遊戲已開始——請看牌桌訊息：{link}",
    ),
    "redealt": (
        "🔄 Nobody declared trump: hand {hand} is dealt again. Your DM shows your new cards.",
        "🔄 没人亮主：第 {hand} 局重新发牌。私信里是你的新手牌。",
        "🔄 沒人亮主：第 {hand} 局重新發牌。私訊裡是你的新手牌。",
    ),
    "turn_nudge": (
        "⏳ {mention}, it is your turn ({seconds} s left).",
        "⏳ {mention}，轮到你了（还剩 {seconds} 秒）。",
        "⏳ {mention}，輪到你了（還剩 {seconds} 秒）。",
    ),
    "bury_nudge": (
        "⏳ {mention}, please bury the kitty with /bury ({seconds} s left).",
        "⏳ {mention}，请用 /bury 埋底（还剩 {seconds} 秒）。",
        "⏳ {mention}，請用 /bury 埋底（還剩 {seconds} 秒）。",
    ),
    "failed_throw_note": (
        "Failed throw: {who} tried {attempted}, played {forced} (penalty {penalty})",
        "甩牌失败：{who} 甩 {attempted}，改出 {forced}（罚 {penalty} 分）",
        "甩牌失敗：{who} 甩 {attempted}，改出 {forced}（罰 {penalty} 分）",
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
    "dealer_undecided": (
        "the last declarer (not decided yet)",
        "最后亮主的人（未定）",
        "最後亮主的人（未定）",
    ),
    "attackers_points": (
        "Attackers' points: {points} ({worth})",
        "抓分方得分：{points}（{worth}）",
        "抓分方得分：{points}（{worth}）",
    ),
    "trump_fixed": (
        "Trump is {suit}{flip}, level {level}; {dealer} deals.",
        "主牌：{suit}{flip}，打 {level}；{dealer} 坐庄。",
        "主牌：{suit}{flip}，打 {level}；{dealer} 坐莊。",
    ),
    "trump_fixed_none": (
        "No trump suit this hand{flip}: only jokers and level cards ({level}) are trump; "
        "{dealer} deals.",
        "本局无主{flip}：只有王和级牌（{level}）是主牌；{dealer} 坐庄。",
        "本局無主{flip}：只有王和級牌（{level}）是主牌；{dealer} 坐莊。",
    ),
    "trick_won": (
        "{who} wins trick {n}, worth {points}. Attackers' total: {total}.",
        "{who} 赢得第 {n} 轮（本轮 {points} 分）。抓分方共 {total} 分。",
        "{who} 贏得第 {n} 輪（本輪 {points} 分）。抓分方共 {total} 分。",
    ),
    "result.takeover": (
        "the attackers take over (no level gained)",
        "抓分方上台（不升级）",
        "抓分方上台（不升級）",
    ),
    "result.takeover_up": (
        "the attackers take over and go up {levels} level(s)",
        "抓分方上台并升 {levels} 级",
        "抓分方上台並升 {levels} 級",
    ),
    "result.defenders_up": (
        "the defenders hold and go up {levels} level(s)",
        "庄家方守住并升 {levels} 级",
        "莊家方守住並升 {levels} 級",
    ),
    "hand_result": (
        "Attackers {points} points: {result}; {next} deals next. Levels now N/S {ns}, E/W {ew}.",
        "抓分方 {points} 分：{result}；下一局 {next} 坐庄。现在南北打 {ns}，东西打 {ew}。",
        "抓分方 {points} 分：{result}；下一局 {next} 坐莊。現在南北打 {ns}，東西打 {ew}。",
    ),
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
    # the countdown on the table message: {when} is a Discord relative timestamp
    "deadline.turn": (
        "⏳ {who} to play — time is up {when}",
        "⏳ 等 {who} 出牌 — {when}超时",
        "⏳ 等 {who} 出牌 — {when}逾時",
    ),
    "deadline.bury": (
        "⏳ {who} to bury the kitty — time is up {when}",
        "⏳ 等 {who} 埋底 — {when}超时",
        "⏳ 等 {who} 埋底 — {when}逾時",
    ),
    "deadline.declare": (
        "⏳ Declaring closes {when}",
        "⏳ 亮主{when}截止",
        "⏳ 亮主{when}截止",
    ),
    "table_picture_alt": (
        "The table: seats N E S W, the trick, trump, level and points",
        "牌桌：北东南西四个座位、本轮出牌、主牌、级别和分数",
        "牌桌：北東南西四個座位、本輪出牌、主牌、級別和分數",
    ),
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
        "That button belongs to an earlier deal: use the buttons on your latest hand DM.",
        "这个按钮属于之前的发牌：请用最新手牌私信里的按钮。",
        "這個按鈕屬於之前的發牌：請用最新手牌私訊裡的按鈕。",
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
    # ---- play panel (click to play), card memory, auto ---------------------------------
    "panel.header": (
        "🃏 **Your cards** — hand {hand} · trump {trump} · {state}",
        "🃏 **你的牌** — 第 {hand} 局 · 主 {trump} · {state}",
        "🃏 **你的牌** — 第 {hand} 局 · 主 {trump} · {state}",
    ),
    "panel.state.lead": ("your lead", "轮到你首出", "輪到你首出"),
    "panel.state.follow": ("your turn", "轮到你跟牌", "輪到你跟牌"),
    "panel.state.wait": ("waiting for {who}", "等待 {who}", "等待 {who}"),
    "panel.state.bury": (
        "you are the dealer: bury {count} cards",
        "你是庄家：请埋 {count} 张牌",
        "你是莊家：請埋 {count} 張牌",
    ),
    "panel.state.bury_wait": (
        "the dealer is burying the kitty",
        "庄家正在埋底",
        "莊家正在埋底",
    ),
    "panel.state.declare": (
        "declare trump, or pass",
        "可以亮主，或选择不亮",
        "可以亮主，或選擇不亮",
    ),
    "panel.state.no_declaration": (
        "nothing you can declare now",
        "你现在没有可亮的牌",
        "你現在沒有可亮的牌",
    ),
    "panel.state.over": ("the hand is over", "本局已结束", "本局已結束"),
    "panel.trick": ("Trick {n}: {plays}", "第 {n} 轮：{plays}", "第 {n} 輪：{plays}"),
    "panel.selected": (
        "Selected: {cards} — {verdict}",
        "已选：{cards} — {verdict}",
        "已選：{cards} — {verdict}",
    ),
    "panel.pick": (
        "Pick cards in the menus below, or a suggestion.",
        "在下方菜单中选牌，或点一个建议。",
        "在下方選單中選牌，或點一個建議。",
    ),
    "panel.stale": (
        "⚠ This panel was out of date (the game moved on), so nothing was done. Here is the current one.",
        "⚠ 这个面板已过期（牌局已经往下进行），所以什么都没有做。这是最新的面板。",
        "⚠ 這個面板已過期（牌局已經往下進行），所以什麼都沒有做。這是最新的面板。",
    ),
    "panel.refused": ("✋ Not sent: {verdict}", "✋ 没有出牌：{verdict}", "✋ 沒有出牌：{verdict}"),
    "panel.played": ("✓ You played {cards}.", "✓ 你出了 {cards}。", "✓ 你出了 {cards}。"),
    "panel.buried": ("✓ You buried {cards}.", "✓ 你埋了 {cards}。", "✓ 你埋了 {cards}。"),
    "panel.declared": ("✓ You declared {cards}.", "✓ 你亮了 {cards}。", "✓ 你亮了 {cards}。"),
    "panel.passed": ("✓ You pass.", "✓ 你选择不亮。", "✓ 你選擇不亮。"),
    "panel.b.play": ("Play selected", "出所选的牌", "出所選的牌"),
    "panel.b.bury": ("Bury selected", "埋所选的牌", "埋所選的牌"),
    "panel.b.clear": ("Clear", "清除", "清除"),
    "panel.b.last": ("Last trick", "上一轮", "上一輪"),
    "panel.b.hand": ("My hand", "我的手牌", "我的手牌"),
    "panel.b.memory": ("Cards out", "记牌器", "記牌器"),
    "panel.b.refresh": ("Refresh", "刷新", "重新整理"),
    "panel.b.pass": ("Pass", "不亮", "不亮"),
    "panel.b.open": ("Play", "出牌", "出牌"),
    "panel.b.suggest_bury": ("Suggested bury", "建议埋底", "建議埋底"),
    "panel.select": ("{suits} ({n})", "{suits}（{n}）", "{suits}（{n}）"),
    "panel.no_last": (
        "No trick has been completed yet this hand.",
        "本局还没有打完的一轮。",
        "本局還沒有打完的一輪。",
    ),
    "panel.last": (
        "**Last trick** ({n}) → {winner} (+{points})\n{plays}",
        "**上一轮**（第 {n} 轮）→ {winner}（{points} 分）\n{plays}",
        "**上一輪**（第 {n} 輪）→ {winner}（{points} 分）\n{plays}",
    ),
    "preview.lead_ok": ("{kind} — legal", "{kind} — 可以出", "{kind} — 可以出"),
    "preview.throw_safe": (
        "throw of {units} units — nobody can beat it",
        "甩牌（{units} 组）— 没人能管上",
        "甩牌（{units} 組）— 沒人能管上",
    ),
    "preview.throw_risky": (
        "throw — fails if anyone holds a higher {suit} {unit}",
        "甩牌 — 如果有人有更大的{suit}{unit}就会失败",
        "甩牌 — 如果有人有更大的{suit}{unit}就會失敗",
    ),
    "preview.follow_ok": ("legal", "可以出", "可以出"),
    "preview.follow_wins": (
        "legal — wins the trick so far",
        "可以出 — 目前最大",
        "可以出 — 目前最大",
    ),
    "preview.nothing_selected": ("nothing selected", "还没有选牌", "還沒有選牌"),
    "preview.not_your_turn": (
        "not your turn — waiting for {turn_name}",
        "还没轮到你 — 等待 {turn_name}",
        "還沒輪到你 — 等待 {turn_name}",
    ),
    "preview.bury_count": (
        "select exactly {count} cards to bury ({selected} selected)",
        "请选 {count} 张牌埋底（已选 {selected} 张）",
        "請選 {count} 張牌埋底（已選 {selected} 張）",
    ),
    "preview.bury_ok": (
        "bury {count} cards ({points} points) — ready",
        "埋 {count} 张牌（{points} 分）— 可以埋",
        "埋 {count} 張牌（{points} 分）— 可以埋",
    ),
    "memory.off": (
        "Card memory (记牌器) is off at this table: its rules forbid checking played cards.",
        "本桌关闭了记牌器：本规则不许查牌。",
        "本桌關閉了記牌器：本規則不許查牌。",
    ),
    "memory.header": (
        "**Cards out** (记牌器) — after {tricks} trick(s)",
        "**记牌器** — 已打 {tricks} 轮",
        "**記牌器** — 已打 {tricks} 輪",
    ),
    "memory.points": (
        "Points still out: {out} of {total} ({elsewhere} of them not in your hand)",
        "还没出的分：{out}/{total}（其中 {elsewhere} 分不在你手里）",
        "還沒出的分：{out}/{total}（其中 {elsewhere} 分不在你手裡）",
    ),
    "memory.suit": (
        "{suit}: high cards played {high} · level {level} played {n}/{copies}",
        "{suit}：已出大牌 {high} · 级牌 {level} 已出 {n}/{copies}",
        "{suit}：已出大牌 {high} · 級牌 {level} 已出 {n}/{copies}",
    ),
    "memory.none": ("none", "无", "無"),
    "memory.jokers": ("Jokers played: {jokers}", "已出的王：{jokers}", "已出的王：{jokers}"),
    "memory.voids": ("Voids shown: {voids}", "已知缺门：{voids}", "已知缺門：{voids}"),
    "memory.state.on": ("on", "开", "開"),
    "memory.state.off": ("off", "关", "關"),
    "memory.option": (
        "Card memory (记牌器): {state}.",
        "记牌器：{state}。",
        "記牌器：{state}。",
    ),
    "auto.on": (
        "🤖 {who} hands their seat to the AI (托管). `/auto off` takes it back.",
        "🤖 {who} 托管了座位，由电脑代打。`/auto off` 取消托管。",
        "🤖 {who} 託管了座位，由電腦代打。`/auto off` 取消託管。",
    ),
    "auto.off": (
        "{who} takes their seat back from the AI.",
        "{who} 取消托管，亲自上阵。",
        "{who} 取消託管，親自上陣。",
    ),
    "auto_already_on": (
        "Your seat is already on auto. `/auto off` takes it back.",
        "你的座位已经在托管中。`/auto off` 取消托管。",
        "你的座位已經在託管中。`/auto off` 取消託管。",
    ),
    "auto_already_off": (
        "Your seat is not on auto.",
        "你的座位没有托管。",
        "你的座位沒有託管。",
    ),
    "word.auto": ("auto", "托管", "託管"),
    # ---- the console table (bot/console.py) ------------------------------------------
    "console.help": (
        "Commands (cards in any notation: ♠A, SA, sa, A♠, 黑桃A, ♥10/HT, ♠AAKK, 小王/LJ, 大王/BJ):\n"
        "  play CARDS   (or p CARDS)   lead or follow        bury CARDS (b)   bury the kitty\n"
        "  declare CARDS (d)           declare trump         pass             no (more) declaration\n"
        "  CARDS alone                 play / bury / declare, whatever fits the moment\n"
        "  Enter                       deal on / pass / next hand, whatever fits the moment\n"
        "  hand (h)   status (s)   last (l) last trick   kitty (k) the kitty you took and buried\n"
        "  progress   hint   auto (let the hint play)   next (n) next hand\n"
        "  help (?)   quit (q) or Ctrl-C   the table is saved; run the console again to resume",
        "命令（牌可以这样写：♠A、SA、sa、A♠、黑桃A、♥10/HT、♠AAKK、小王/LJ、大王/BJ）：\n"
        "  play 牌（或 p 牌）   首出或跟牌          bury 牌（b）   埋底\n"
        "  declare 牌（d）      亮主                pass           不亮（不再亮）\n"
        "  只写牌               按当前时机出牌 / 埋底 / 亮主\n"
        "  回车                 按当前时机继续发牌 / 不亮 / 下一局\n"
        "  hand（h）手牌   status（s）牌桌   last（l）上一轮   kitty（k）你拿到和埋下的底牌\n"
        "  progress 进度   hint 提示   auto（按提示出）   next（n）下一局\n"
        "  help（?）帮助   quit（q）或 Ctrl-C 退出   牌桌已保存，再次运行即可继续",
        "命令（牌可以這樣寫：♠A、SA、sa、A♠、黑桃A、♥10/HT、♠AAKK、小王/LJ、大王/BJ）：\n"
        "  play 牌（或 p 牌）   首出或跟牌          bury 牌（b）   埋底\n"
        "  declare 牌（d）      亮主                pass           不亮（不再亮）\n"
        "  只寫牌               按目前時機出牌 / 埋底 / 亮主\n"
        "  Enter                按目前時機繼續發牌 / 不亮 / 下一局\n"
        "  hand（h）手牌   status（s）牌桌   last（l）上一輪   kitty（k）你拿到和埋下的底牌\n"
        "  progress 進度   hint 提示   auto（按提示出）   next（n）下一局\n"
        "  help（?）說明   quit（q）或 Ctrl-C 離開   牌桌已儲存，再次執行即可繼續",
    ),
    "console.new_table_friends": (
        "New table ({preset}): you sit in seat 1 of {n}, AI players the rest; the dealer "
        "calls friends and teams form as the called cards fall. Type help for commands.",
        "新牌桌（{preset}）：你坐 1 号位，共 {n} 人，其余是电脑；庄家找朋友，打出所叫的牌才知道谁是朋友。"
        "输入 help 查看命令。",
        "新牌桌（{preset}）：你坐 1 號位，共 {n} 人，其餘是電腦；莊家找朋友，打出所叫的牌才知道誰是朋友。"
        "輸入 help 查看命令。",
    ),
    "console.new_table": (
        "New table ({preset}): you sit North; your partner is South. Type help for commands.",
        "新牌桌（{preset}）：你坐北，对家是南。输入 help 查看命令。",
        "新牌桌（{preset}）：你坐北，對家是南。輸入 help 查看命令。",
    ),
    "console.resuming": (
        "Resuming your table ({preset}).",
        "继续你的牌桌（{preset}）。",
        "繼續你的牌桌（{preset}）。",
    ),
    "console.preset_ignored": (
        "This file already holds a table with the {preset} rules, so --preset {asked} is "
        "ignored. Run again with --new to start a fresh {asked} table in this file.",
        "这个文件里已有一桌 {preset} 规则的牌，所以忽略 --preset {asked}。"
        "加 --new 再运行，即可在这个文件里开一桌新的 {asked}。",
        "這個檔案裡已有一桌 {preset} 規則的牌，所以忽略 --preset {asked}。"
        "加 --new 再執行，即可在這個檔案裡開一桌新的 {asked}。",
    ),
    "console.ended_old": (
        "The table saved in this file is closed; a fresh one starts.",
        "这个文件里保存的牌桌已关闭，开一桌新的。",
        "這個檔案裡儲存的牌桌已關閉，開一桌新的。",
    ),
    "console.saved": (
        "Saved. Run the console again to resume.",
        "已保存。再次运行即可继续。",
        "已儲存。再次執行即可繼續。",
    ),
    "console.title_hand": ("Your hand", "你的手牌", "你的手牌"),
    "console.title_table": ("Table", "牌桌", "牌桌"),
    "console.no_hand": ("No hand yet.", "还没有手牌。", "還沒有手牌。"),
    "console.not_started": ("The game has not started.", "游戏还没开始。", "遊戲還沒開始。"),
    "console.can_declare": (
        "You can declare: {options} (declare CARDS, or Enter to keep dealing)",
        "你可以亮：{options}（declare 牌，或回车继续发牌）",
        "你可以亮：{options}（declare 牌，或 Enter 繼續發牌）",
    ),
    "console.can_declare_or_pass": (
        "You can declare: {options} (declare CARDS, or pass)",
        "你可以亮：{options}（declare 牌，或 pass 不亮）",
        "你可以亮：{options}（declare 牌，或 pass 不亮）",
    ),
    "console.nothing_to_declare": (
        "Nothing to declare: Enter (or pass) to let the hand begin",
        "没有可亮的牌：回车（或 pass）开始本局",
        "沒有可亮的牌：Enter（或 pass）開始本局",
    ),
    "console.pass_again": (
        "Trump changed: {who} declared {cards}. Everyone must pass again (or declare to answer).",
        "主变了：{who} 亮了 {cards}。大家需要重新选择不亮（或亮牌反击）。",
        "主變了：{who} 亮了 {cards}。大家需要重新選擇不亮（或亮牌反擊）。",
    ),
    "console.bury": (
        "Bury {n} cards (bury CARDS)",
        "请埋 {n} 张牌（bury 牌）",
        "請埋 {n} 張牌（bury 牌）",
    ),
    "console.call": (
        "Call {n} friend(s): call #1 ♥A, #2 ♠K — the k-th copy of a card to be played "
        "(suggested: {suggested}; Enter takes it)",
        "请找 {n} 个朋友：call #1 ♥A, #2 ♠K——打出某张牌的第几张（建议：{suggested}；回车采用）",
        "請找 {n} 個朋友：call #1 ♥A, #2 ♠K——打出某張牌的第幾張（建議：{suggested}；Enter 採用）",
    ),
    "console.help_call": (
        "  call #1 ♥A, #2 ♠K (c)      找朋友: the dealer calls friends (Enter takes the hint)",
        "  call #1 ♥A, #2 ♠K（c）     找朋友：庄家叫朋友（回车采用提示）",
        "  call #1 ♥A, #2 ♠K（c）     找朋友：莊家叫朋友（Enter 採用提示）",
    ),
    "console.your_turn": (
        "Your turn (play CARDS)",
        "轮到你出牌（play 牌）",
        "輪到你出牌（play 牌）",
    ),
    "console.next": (
        "Hand over — Enter or next for the next hand",
        "本局结束——回车或 next 开始下一局",
        "本局結束——Enter 或 next 開始下一局",
    ),
    "console.over": (
        "The match is over — quit, or run again with --new to start afresh",
        "比赛结束——quit 退出，或加 --new 重新运行开新的一场",
        "比賽結束——quit 離開，或加 --new 重新執行開新的一場",
    ),
    "console.now": ("Now: {what}", "现在：{what}", "現在：{what}"),
    "console.wait": (
        "Wait: the table is {phase}.",
        "请稍候：当前阶段是{phase}。",
        "請稍候：目前階段是{phase}。",
    ),
    "console.nothing_now": ("Nothing to do right now.", "现在没有要做的事。", "現在沒有要做的事。"),
    "console.no_cards_now": (
        "Nothing to do with cards right now. Type help for commands.",
        "现在不需要出牌。输入 help 查看命令。",
        "現在不需要出牌。輸入 help 查看命令。",
    ),
    "console.hint": ("Hint: {kind} {cards}", "提示：{kind} {cards}", "提示：{kind} {cards}"),
    "console.no_trick": ("No trick finished yet.", "还没有打完的一轮。", "還沒有打完的一輪。"),
    "console.kitty_taken": (
        "The kitty you took: {cards}",
        "你拿到的底牌：{cards}",
        "你拿到的底牌：{cards}",
    ),
    "console.no_kitty": (
        "Only the dealer sees the kitty, once they have taken it.",
        "只有庄家在拿到底牌后能看底牌。",
        "只有莊家在拿到底牌後能看底牌。",
    ),
    "console.missing": (
        "You do not hold {cards}.",
        "你没有 {cards}。",
        "你沒有 {cards}。",
    ),
    "console.only_have": (
        "You have only {count} × {card}.",
        "你只有 {count} 张 {card}。",
        "你只有 {count} 張 {card}。",
    ),
    "console.no_progress": (
        "No hand has finished yet (this is hand {n}).",
        "还没有打完的一局（现在是第 {n} 局）。",
        "還沒有打完的一局（現在是第 {n} 局）。",
    ),
    "console.progress": (
        "Hand {n}: dealer {dealer}, trump {trump}, attackers {points}: {result}.",
        "第 {n} 局：庄家 {dealer}，主 {trump}，抓分方 {points} 分：{result}。",
        "第 {n} 局：莊家 {dealer}，主 {trump}，抓分方 {points} 分：{result}。",
    ),
    "console.deals_next": ("{who} deals next.", "下一局 {who} 坐庄。", "下一局 {who} 坐莊。"),
    "console.stalled": (
        "The table cannot move on: {reason} I will try again, waiting longer each time "
        "(at most {seconds} s); your commands still work and quit saves.",
        "牌桌无法继续：{reason} 我会再试，每次等得更久（最多 {seconds} 秒）；命令照常可用，quit 会保存。",
        "牌桌無法繼續：{reason} 我會再試，每次等得更久（最多 {seconds} 秒）；命令照常可用，quit 會儲存。",
    ),
    "console.unstalled": ("The table moves on again.", "牌桌继续进行。", "牌桌繼續進行。"),
    # ---- what the points are worth (bot/score_text.py) --------------------------------
    "score.takeover": ("take over at {points}", "{points} 分上台", "{points} 分上台"),
    "score.takeover_up": (
        "take over at {points} with +{levels}",
        "{points} 分上台并升 {levels} 级",
        "{points} 分上台並升 {levels} 級",
    ),
    "score.band_up": (
        "+{levels} at {points}",
        "{points} 分升 {levels} 级",
        "{points} 分升 {levels} 級",
    ),
    "score.extra": (
        ", +1 more per {step} more",
        "，之后每多 {step} 分再升一级",
        "，之後每多 {step} 分再升一級",
    ),
    "score.cap": ("at most +{cap}", "最多升 {cap} 级", "最多升 {cap} 級"),
    "score.defenders": ("defenders {parts}", "庄家方：{parts}", "莊家方：{parts}"),
    "score.defenders_zero": ("+{levels} at 0", "0 分升 {levels} 级", "0 分升 {levels} 級"),
    "score.defenders_under": (
        "+{levels} under {points}",
        "不到 {points} 分升 {levels} 级",
        "不到 {points} 分升 {levels} 級",
    ),
    "score.comma": (", ", "，", "，"),
    "score.sep": ("; ", "；", "；"),
    "score.table": (
        "Scoring: attackers {attackers}; {defenders}.",
        "计分：抓分方 {attackers}；{defenders}。",
        "計分：抓分方 {attackers}；{defenders}。",
    ),
    # ---- words drawn inside the pictures (bot/pictures; the bundled fonts must have
    # every glyph: tests/test_pictures_words.py checks, bot/pictures/fonts/subset.py
    # rebuilds the CJK subset after a change) -----------------------------------------------
    "pic.trump": ("TRUMP", "主牌", "主牌"),
    "pic.level": ("LEVEL", "级别", "級別"),
    "pic.attackers": ("ATTACKERS", "抓分方", "抓分方"),
    "pic.pts": ("pts", "分", "分"),
    "pic.team0": ("N/S", "南北", "南北"),
    "pic.team1": ("E/W", "东西", "東西"),
    "pic.seat0": ("N", "北", "北"),
    "pic.seat1": ("E", "东", "東"),
    "pic.seat2": ("S", "南", "南"),
    "pic.seat3": ("W", "西", "西"),
    "pic.dealer": ("D", "庄", "莊"),
    "pic.auto": ("AUTO", "托管", "託管"),
    "pic.nt": ("NT", "无主", "無主"),
    "pic.hand_no": ("HAND {n}", "第 {n} 局", "第 {n} 局"),
    "pic.phase.dealing": ("DEALING", "发牌中", "發牌中"),
    "pic.phase.declaring": ("DECLARING", "亮主中", "亮主中"),
    "pic.phase.burying": ("BURYING", "埋底中", "埋底中"),
    "pic.trick": ("TRICK {n}", "第 {n} 轮", "第 {n} 輪"),
    "pic.last_trick": ("LAST TRICK {n}", "上一轮 · 第 {n} 轮", "上一輪 · 第 {n} 輪"),
    "pic.points_title": ("ATTACKERS' POINTS", "抓分方得分", "抓分方得分"),
    "pic.takeover_at": ("take over at {n}", "{n} 分上台", "{n} 分上台"),
    "pic.up": ("{team} +{n}", "{team} 升 {n} 级", "{team} 升 {n} 級"),
    "pic.hold": ("{team} hold", "{team} 守庄", "{team} 守莊"),
    "pic.kitty": ("KITTY  {n} pts", "底牌 {n} 分", "底牌 {n} 分"),
    "pic.kitty_mult": (" ×{m} → attackers +{total}", " ×{m} → 抓分方 +{total}", " ×{m} → 抓分方 +{total}"),
    "pic.role.defenders": ("defenders", "坐庄方", "坐莊方"),
    "pic.role.attackers": ("attackers", "抓分方", "抓分方"),
    "pic.axis.hand": ("hand", "局", "局"),
    "pic.axis.dealer": ("dealer", "庄家", "莊家"),
    "pic.takeover": ("take-over", "上台", "上台"),
    "pic.kitty_captured": ("kitty captured", "抠底", "摳底"),
    "pic.no_hands": ("no hands yet", "还没有打完的局", "還沒有打完的局"),
    # ---- words ------------------------------------------------------------------------------
    "phase.lobby": ("waiting for players", "等待玩家", "等待玩家"),
    "phase.dealing": ("dealing", "发牌中", "發牌中"),
    "phase.declaring": ("declaring trump", "亮主中", "亮主中"),
    "phase.burying": ("burying the kitty", "埋底中", "埋底中"),
    "phase.calling": ("calling friends", "找朋友中", "找朋友中"),
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
    "word.single": ("single", "单张", "單張"),
    "word.throw": ("throw", "甩牌", "甩牌"),
    "word.throw_may_fail": ("throw, may fail", "甩牌，可能失败", "甩牌，可能失敗"),
    "word.follow": ("follow", "跟牌", "跟牌"),
    "play_choice": ("{cards} · {kind}", "{cards} · {kind}", "{cards} · {kind}"),
    "word.ai": ("AI", "电脑", "電腦"),
    "word.empty": ("(empty)", "（空位）", "（空位）"),
}

SEAT_NAMES = {
    EN: ("North", "East", "South", "West"),
    ZH_CN: ("北", "东", "南", "西"),
    ZH_TW: ("北", "東", "南", "西"),
}
SEAT_LETTERS = ("N", "E", "S", "W")


def seat_name(locale: str | None, seat: int, players: int = 4) -> str:
    """North/East/South/West at four seats; "Seat n" at a 找朋友 table of N seats."""
    if players != 4 or not 0 <= seat < 4:
        return text(locale, "seat.n", n=seat + 1)
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
