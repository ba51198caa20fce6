"""``python -m bot`` runs the Discord bot; ``python -m bot console`` the offline table;
``python -m bot render --sample DIR`` writes sample pictures; ``python -m bot emojis``
uploads the card emojis."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    if argv[:1] == ["console"]:
        from bot.console.cli import main as console_main

        return console_main(argv[1:])
    if argv[:1] == ["render"]:
        from bot.pictures.samples import main as render_main

        return render_main(argv[1:])
    if argv[:1] == ["emojis"]:
        from bot.discord_app.emojis_cli import main as emojis_main

        return emojis_main(argv[1:])
    if argv[:1] == ["invite"]:
        from bot.discord_app.invite_cli import main as invite_main

        return invite_main(argv[1:])
    from bot.app import main as app_main

    return app_main(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
