"""``python -m bot [--env FILE] [COMMAND]``: the Discord bot and its tools (see USAGE)."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.compiled import ENV, activate, asked

USAGE = """\
usage: python -m bot [--env FILE] [COMMAND] [ARGS...]

commands:
  run       run the Discord bot (the default when no command is given)
  console   play offline in this terminal against AI players (console --help)
  replay    step through a finished hand: FILE, or [--db FILE] [--table ID] [--hand N]
            (without --hand: the last finished hand)
  record    write a finished hand's record and HTML viewer (record --help)
  hands     list the finished hands of a database: table, hand, date, trump, result
  sync      publish the slash commands to Discord globally, then exit
  rules     list every house-rule setting (--json, --lang zh-CN)
  render    write sample table, hand and summary pictures (render --help)
  emojis    upload the card emojis to the Discord application, then exit
  invite    print the URL that adds the bot to a server with the right permissions
  help      show this text (also -h, --help)

options:
  --env FILE  read settings from FILE instead of the .env next to the project
"""


def _split_env(argv: list[str]) -> tuple[Path | None, list[str]] | str:
    """``--env FILE`` / ``--env=FILE`` before the command, and the rest; or an error."""
    env: Path | None = None
    rest = list(argv)
    while rest and rest[0].startswith("--env"):
        flag = rest.pop(0)
        if flag.startswith("--env="):
            value = flag.partition("=")[2]
        elif flag == "--env" and rest:
            value = rest.pop(0)
        else:
            return "--env needs a file name: python -m bot --env FILE"
        env = Path(value)
        if not env.is_file():
            return f"--env {value}: no such file"
    return env, rest


def _choose_rules(value: str | None) -> None:
    """The compiled rules/ when SHENGJI_COMPILED=1 asks and the build is current (a
    faster 高手, the same games); before any command imports ``rules``."""
    if asked(value):
        activate()


def main(argv: list[str]) -> int:
    split = _split_env(argv)
    if isinstance(split, str):
        print(split, file=sys.stderr)
        return 2
    env, argv = split
    from bot.config import setting, use_env_file

    if env is not None:
        use_env_file(env)
    _choose_rules(setting(ENV))
    command = argv[0] if argv else "run"
    if command in ("help", "-h", "--help"):
        print(USAGE, end="")
        return 0
    if command == "console":
        from bot.console.cli import main as console_main

        return console_main(argv[1:])
    if command in ("replay", "record", "hands"):
        from bot.console.replay_cli import main_hands, main_record, main_replay

        mains = {"replay": main_replay, "record": main_record, "hands": main_hands}
        return mains[command](argv[1:])
    if command == "render":
        from bot.pictures.samples import main as render_main

        return render_main(argv[1:])
    if command == "rules":
        from bot.console.rules_cli import main as rules_main

        return rules_main(argv[1:])
    if command == "emojis":
        from bot.discord_app.emojis_cli import main as emojis_main

        return emojis_main(argv[1:])
    if command == "invite":
        from bot.discord_app.invite_cli import main as invite_main

        return invite_main(argv[1:])
    if (command in ("run", "sync") and len(argv) == 1) or not argv:
        from bot.app import main as app_main

        return app_main(["sync"] if command == "sync" else [])
    if command in ("run", "sync"):
        print(f"python -m bot {command} takes no arguments: {argv[1:]}", file=sys.stderr)
    else:
        print(f"python -m bot: unknown command {command!r}\n\n{USAGE}", end="", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
