"""``python -m bot [--env FILE] [COMMAND]``: the Discord bot and its tools (see ``usage``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from bot.compiled import ENV, activate, asked

COMMANDS = (
    "run",
    "console",
    "replay",
    "record",
    "hands",
    "sync",
    "rules",
    "render",
    "emojis",
    "invite",
)
# What each command's line points to for more (kept as typed, in every language).
_MORE = {
    "console": "console --help",
    "record": "record --help",
    "rules": "--json, --lang zh-CN",
    "render": "render --help",
}


def usage(lang: str) -> str:
    """This command's help in ``lang`` (the environment's locale, like ``console --help``)."""
    from bot.text.i18n import text

    file = text(lang, "main.file")
    stored = f"[--db {file}] [--table ID] [--hand N]"
    params = {"file": file, "stored": stored, "flags": "-h, --help"}
    lines = [text(lang, "main.usage", flag="--env"), "", text(lang, "main.commands")]
    for name in (*COMMANDS, "help"):
        what = text(lang, f"main.cmd.{name}", more=_MORE.get(name, ""), **params)
        lines.append(f"  {name:<9} {what}")
    env = text(lang, "main.opt.env", file=file, env=".env")
    lines += ["", text(lang, "main.options"), f"  --env {file}  {env}"]
    return "\n".join(lines) + "\n"


def _lang() -> str:
    from bot.text.i18n import environment_language

    return environment_language(os.environ)


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
            return _say("main.env_needs_file", flag="--env")
        env = Path(value)
        if not env.is_file():
            return _say("main.env_missing", flag="--env", file=value)
    return env, rest


def _say(code: str, **params: object) -> str:
    from bot.text.i18n import text

    return text(_lang(), code, **params)


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
        print(usage(_lang()), end="")
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
        print(_say("main.no_arguments", command=command, args=argv[1:]), file=sys.stderr)
    else:
        unknown = _say("main.unknown_command", command=command)
        print(f"{unknown}\n\n{usage(_lang())}", end="", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
