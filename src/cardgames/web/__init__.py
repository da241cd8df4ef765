"""A table in the browser: ``cardgames serve`` (the extra ``web``: Starlette under uvicorn).

The app plays every game of :data:`cardgames.GAMES` against the bots or against other people
at one table, through the public API and :mod:`cardgames.codec` only:

* ``/`` creates a table (game, options, and who holds each seat: a person or a bot) and lists
  the finished records; creating one answers with one token per person's seat, and a link
  that carries it (``/table/NAME#token=…``: the token stays out of the server's logs).
* ``/table/NAME`` is a seat's page. Its websocket (``/ws/NAME``) first sends
  ``{"token": "…"}``; the server answers with the seat's view, drawn by
  :func:`cardgames.drawing.svg` and as :func:`cardgames.codec.encode` makes it, its legal
  moves, the narrated play, the score sheet and the link to the game's rules page. Each
  ``{"move": "play Q♥"}`` that follows is read with the game's ``parse_move`` and applied for
  the connection's own seat (``apply(state, move, seat=seat)``); every client at the table is
  then sent its own view. A click on a card sends that card's move.
* ``/replay/NAME`` steps through a finished match's record with every hand open.

**Persistence.** Each table is saved in the records folder after every move (its record, who
holds each seat, and the SHA-256 of each token: never the token itself), and a server started
on the same folder resumes every table; a page whose tab was closed rejoins its seat with the
token it keeps in the browser.

**What a client may do.** Only what its seat may: any other message gets an error reply and
changes nothing. Messages are at most :attr:`Limits.message_bytes` long and a connection may
send :attr:`Limits.messages_per_second` of them on average; each address may create
:attr:`Limits.tables_per_minute` tables. Record names are short words of letters, digits,
``-`` and ``_``, so none can reach outside the records folder. A replay is shown only once its
match is over: before, its open hands would show a player the others' cards.

Example:
    >>> import tempfile
    >>> from cardgames import web
    >>> web.Limits().message_bytes
    2048
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     app = web.create_app(folder)
    >>> sorted(route.path for route in app.routes)[:3]
    ['/', '/api/games', '/api/records']
"""

from __future__ import annotations

import pathlib

from cardgames.web._app import Limits, create_app

__all__ = ["Limits", "create_app", "serve"]


def serve(
    folder: str | pathlib.Path,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    limits: Limits | None = None,
) -> None:
    """Run the app under uvicorn until interrupted, its tables saved in ``folder``.

    Args:
        folder: The records folder (created if missing).
        host: The address to listen on; ``127.0.0.1`` serves this machine only.
        port: The port to listen on.
        limits: What each client may send; None for :class:`Limits`' defaults.
    """
    import uvicorn  # noqa: PLC0415  # the server is only needed to serve, not to build the app

    chosen = limits or Limits()
    uvicorn.run(
        create_app(folder, limits=chosen),
        host=host,
        port=port,
        ws_max_size=chosen.message_bytes * 4,
        log_level="warning",
    )
