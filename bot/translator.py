"""Slash command names, descriptions and options in 简体中文 and 繁體中文.

discord.py asks the tree's Translator for every ``locale_str`` when it syncs;
the English text is the key.
"""

from __future__ import annotations

import discord
from discord import app_commands

# English -> (简体中文, 繁體中文). Command and option names: lowercase, no spaces.
STRINGS: dict[str, tuple[str, str]] = {
    # names
    "table": ("牌桌", "牌桌"),
    "new": ("新建", "新建"),
    "join": ("加入", "加入"),
    "leave": ("离开", "離開"),
    "addbot": ("加电脑", "加電腦"),
    "start": ("开始", "開始"),
    "status": ("状态", "狀態"),
    "rules": ("规则", "規則"),
    "end": ("结束", "結束"),
    "next": ("下一局", "下一局"),
    "declare": ("亮主", "亮主"),
    "pass": ("不亮", "不亮"),
    "bury": ("埋底", "埋底"),
    "play": ("出牌", "出牌"),
    "hand": ("手牌", "手牌"),
    "progress": ("进度", "進度"),
    "stats": ("战绩", "戰績"),
    "help": ("帮助", "幫助"),
    "preset": ("规则集", "規則集"),
    "decks": ("副数", "副數"),
    "timer": ("计时", "計時"),
    "seat": ("座位", "座位"),
    "level": ("等级", "等級"),
    "cards": ("牌", "牌"),
    "user": ("玩家", "玩家"),
    "language": ("语言", "語言"),
    # choices
    "North": ("北", "北"),
    "East": ("东", "東"),
    "South": ("南", "南"),
    "West": ("西", "西"),
    "random": ("随机", "隨機"),
    "simple": ("简单", "簡單"),
    "basic": ("普通", "普通"),
    "strong": ("强", "強"),
    # descriptions
    "Shengji tables in this channel": ("本频道的升级牌桌", "本頻道的升級牌桌"),
    "Open a table in this channel (or a new thread if it is busy)": (
        "在本频道开一桌（频道已有牌桌时开新讨论串）",
        "在本頻道開一桌（頻道已有牌桌時開新討論串）",
    ),
    "Rule preset (classic, tournament, …)": ("规则（经典、比赛……）", "規則（經典、比賽……）"),
    "Number of decks, 1 to 4": ("几副牌，1 到 4", "幾副牌，1 到 4"),
    "Seconds per turn (0 = no timer)": ("每步秒数（0 = 不计时）", "每步秒數（0 = 不計時）"),
    "Take a seat at this table": ("在这桌入座", "在這桌入座"),
    "Which seat (empty = any free seat)": (
        "哪个座位（不填 = 任意空位）",
        "哪個座位（不填 = 任意空位）",
    ),
    "Leave the table (after the start, an AI takes your seat)": (
        "离开牌桌（开始后由电脑接替）",
        "離開牌桌（開始後由電腦接替）",
    ),
    "Seat an AI player": ("加一位电脑玩家", "加一位電腦玩家"),
    "AI strength": ("电脑强度", "電腦強度"),
    "Start the game (four seats filled)": ("开始游戏（需坐满四人）", "開始遊戲（需坐滿四人）"),
    "Show the table": ("查看牌桌", "查看牌桌"),
    "Show this table's rules": ("查看本桌规则", "查看本桌規則"),
    "Language of the table (default: the server's)": (
        "牌桌语言（默认：服务器的语言）",
        "牌桌語言（預設：伺服器的語言）",
    ),
    "Change the language of this table's public messages": (
        "更改本桌公开消息的语言",
        "更改本桌公開訊息的語言",
    ),
    "End the table (creator or Manage Channels)": (
        "结束牌桌（开桌人或有管理频道权限者）",
        "結束牌桌（開桌人或有管理頻道權限者）",
    ),
    "Start the next hand now": ("现在开始下一局", "現在開始下一局"),
    "Declare trump (亮主), reinforce or override": ("亮主、自保或反主", "亮主、自保或反主"),
    "Level cards or jokers to show, e.g. ♥2 ♥2": (
        "要亮的级牌或王，例如 ♥2 ♥2",
        "要亮的級牌或王，例如 ♥2 ♥2",
    ),
    "No (more) declaration from you": ("不亮主／不反主", "不亮主／不反主"),
    "Bury the kitty (埋底)": ("埋底", "埋底"),
    "The cards to bury, e.g. ♠2 ♠3 ♣4 …": (
        "要埋的牌，例如 ♠2 ♠3 ♣4 …",
        "要埋的牌，例如 ♠2 ♠3 ♣4 …",
    ),
    "Play cards (出牌)": ("出牌", "出牌"),
    "The cards to play, e.g. ♠A or ♥KK": ("要出的牌，例如 ♠A 或 ♥KK", "要出的牌，例如 ♠A 或 ♥KK"),
    "Show your hand (only you see it)": ("查看手牌（只有你能看到）", "查看手牌（只有你能看到）"),
    "Both teams' levels, hand by hand": ("双方级别与每局记录", "雙方級別與每局記錄"),
    "A player's record, or this server's leaderboard": (
        "玩家战绩，或本服务器排行榜",
        "玩家戰績，或本伺服器排行榜",
    ),
    "How to play and how to type cards": ("玩法与牌的写法", "玩法與牌的寫法"),
    "Whose record (empty = the leaderboard)": (
        "谁的战绩（不填 = 排行榜）",
        "誰的戰績（不填 = 排行榜）",
    ),
}


class ShengjiTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        entry = STRINGS.get(string.message)
        if entry is None:
            return None
        if locale == discord.Locale.chinese:
            return entry[0]
        if locale == discord.Locale.taiwan_chinese:
            return entry[1]
        return None
