"""The Starlette application: pages, the JSON API, and one websocket per seat's client."""

from __future__ import annotations

import collections
import json
import pathlib
import random
import secrets
import time
from collections.abc import Callable
from typing import Any, Final

import attrs
from starlette import applications, requests, responses, routing, staticfiles, websockets

import cardgames
from cardgames import agents, codec, drawing, errors
from cardgames.web import _records as records
from cardgames.web import _tables as tables

STATIC: Final = pathlib.Path(__file__).parent / "static"
"""The pages, the script and the style sheet, shipped with the package."""

_PAGES: Final = {"index": "index.html", "table": "table.html", "replay": "replay.html"}

_HEADERS: Final = {
    # The pages run their own scripts only and talk to this server only.
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; "
        "form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@attrs.frozen
class Limits:
    """What one client may send, and how often.

    Attributes:
        message_bytes: The largest websocket message (and request body) read.
        messages_per_second: How many messages a connection may send per second, on average.
        burst: How many messages a connection may send at once before the rate applies.
        tables_per_minute: How many tables one client address may create per minute.
        tables: How many tables the server holds at most.
    """

    message_bytes: int = 2048
    messages_per_second: float = 5.0
    burst: int = 20
    tables_per_minute: int = 10
    tables: int = 500

    def __attrs_post_init__(self) -> None:
        """Refuse a limit that is not a positive number.

        Raises:
            RulesError: If a limit is not positive (or not a number).
        """
        for name in attrs.fields_dict(type(self)):
            value = getattr(self, name)
            if type(value) not in {int, float} or not value > 0:
                raise errors.RulesError(
                    f"Limits.{name} must be a positive number, not {errors.quote(value)}"
                )


class _Bucket:
    """A token bucket: ``take()`` says whether one more message is allowed now."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self._rate = rate
        self._burst = float(burst)
        self._level = float(burst)
        self._clock = clock
        self._then = clock()

    def take(self) -> bool:
        now = self._clock()
        self._level = min(self._burst, self._level + (now - self._then) * self._rate)
        self._then = now
        if self._level < 1:
            return False
        self._level -= 1
        return True


class _RefusedError(Exception):
    """A request or message refused, with the message and status to answer it with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class _Server:
    """The tables being played, their clients, and the records folder they are saved in."""

    def __init__(self, folder: pathlib.Path, limits: Limits, clock: Callable[[], float]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.limits = limits
        self.clock = clock
        self.tables = records.load_tables(folder)
        self.clients: dict[str, set[tuple[websockets.WebSocket, int]]] = collections.defaultdict(
            set
        )
        self.created: dict[str, collections.deque[float]] = collections.defaultdict(
            collections.deque
        )
        self.rng = random.Random()

    def create(self, client: str, data: object) -> dict[str, object]:
        """Create a table from a client's request; return its name and the people's tokens."""
        now = self.clock()
        recent = self.created[client]
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if len(recent) >= self.limits.tables_per_minute:
            raise _RefusedError("too many new tables from this address: wait a minute", 429)
        if len(self.tables) >= self.limits.tables:
            raise _RefusedError("the server holds as many tables as it may", 503)
        if not isinstance(data, dict) or set(data) - {"game", "rules", "seats"}:
            raise _RefusedError("a new table is an object with game, rules and seats")
        game_name = data.get("game")
        if not isinstance(game_name, str) or game_name not in cardgames.GAMES:
            raise errors.RulesError(
                f"unknown game {errors.quote(game_name)} (known: {', '.join(cardgames.GAMES)})"
            )
        name = records.check_name(f"{cardgames.GAMES[game_name].name}-{secrets.token_hex(4)}")
        table, tokens = tables.new_table(name, game_name, data.get("rules", {}), data.get("seats"))
        recent.append(now)
        self.tables[table.name] = table
        records.save(self.folder, table)
        return {
            "table": table.name,
            "seats": [
                {"seat": seat, "token": token, "url": f"/table/{table.name}#token={token}"}
                for seat, token in sorted(tokens.items())
            ],
        }

    def table(self, name: object) -> tables.Table:
        """Return a table being played, by name."""
        found = self.tables.get(records.check_name(name))
        if found is None:
            raise _RefusedError(f"there is no table named {errors.quote(name)}", 404)
        return found

    def moved(self, table: tables.Table) -> None:
        """Keep and save a table after a move."""
        self.tables[table.name] = table
        records.save(self.folder, table)


def create_app(
    folder: str | pathlib.Path, *, limits: Limits | None = None
) -> applications.Starlette:
    """Return the web app serving the tables saved in ``folder`` (created if missing)."""
    server = _Server(pathlib.Path(folder), limits or Limits(), time.monotonic)

    async def page(request: requests.Request) -> responses.Response:
        name = request.path_params.get("name")
        if name is not None:
            records.check_name(name)
        which = request.url.path.strip("/").split("/", 1)[0] or "index"
        return responses.FileResponse(
            STATIC / _PAGES[which], media_type="text/html", headers=_HEADERS
        )

    async def games(_request: requests.Request) -> responses.Response:
        return responses.JSONResponse(
            [
                {
                    "name": name,
                    "title": entry.title,
                    "players": list(entry.players),
                    "agents": list(agents.names(entry)),
                    "rules": codec.encode(entry.rules_type(), game=name),
                    "rules_page": tables.RULES_PAGES.format(name=name),
                }
                for name, entry in cardgames.GAMES.items()
            ]
        )

    async def create(request: requests.Request) -> responses.Response:
        body = await _body(request, server.limits.message_bytes)
        client = request.client.host if request.client is not None else "unknown"
        return responses.JSONResponse(server.create(client, _json(body)), status_code=201)

    async def record_list(_request: requests.Request) -> responses.Response:
        shown = []
        for name in records.names(server.folder):
            playing = server.tables.get(name)
            if playing is None or playing.entry.is_over(playing.state):
                shown.append(name)
        return responses.JSONResponse(shown)

    async def record_step(request: requests.Request) -> responses.Response:
        return responses.JSONResponse(
            _replay_step(server, request.path_params["name"], request.query_params.get("step", "0"))
        )

    async def socket(websocket: websockets.WebSocket) -> None:
        await _play(server, websocket)

    routes = [
        routing.Route("/", page),
        routing.Route("/table/{name}", page),
        routing.Route("/replay/{name}", page),
        routing.Route("/api/games", games),
        routing.Route("/api/tables", create, methods=["POST"]),
        routing.Route("/api/records", record_list),
        routing.Route("/api/records/{name}", record_step),
        routing.WebSocketRoute("/ws/{name}", socket),
        routing.Mount("/static", staticfiles.StaticFiles(directory=STATIC), name="static"),
    ]
    handlers = {
        errors.CardgamesError: _refusal,
        _RefusedError: _refusal,
    }
    return applications.Starlette(routes=routes, exception_handlers=handlers)


async def _refusal(_request: requests.Request, error: Exception) -> responses.Response:
    """Answer a refused request with its message as JSON."""
    status = error.status if isinstance(error, _RefusedError) else 400
    return responses.JSONResponse({"error": str(error)}, status_code=status)


async def _body(request: requests.Request, limit: int) -> bytes:
    """Return a request's body, refused once it grows past ``limit`` bytes."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise _RefusedError(f"the request is larger than {limit:,} bytes", 413)
    return body


def _json(text: str | bytes) -> object:
    """Return the JSON data of a client's text."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise _RefusedError("not JSON") from None


def _replay_step(server: _Server, name: object, step_text: str) -> dict[str, object]:
    """Return the picture of a finished match's record after ``step`` moves, every hand open."""
    game_record, _ = records.read(server.folder, name)
    playing = server.tables.get(str(name))
    entry = cardgames.GAMES[game_record.game]
    if (playing is not None and not entry.is_over(playing.state)) or not entry.is_over(
        codec.replay(game_record)
    ):
        raise _RefusedError(
            "this match is still being played: its replay opens when it is over", 403
        )
    if not step_text.isascii() or not step_text.isdigit() or len(step_text) > 7:
        raise _RefusedError(f"step must be a number of moves, not {errors.quote(step_text)}")
    step = min(int(step_text), len(game_record.moves))
    state: Any = entry.new_game(
        game_record.rules,
        seed=game_record.seed,
        players=game_record.players,
        first_dealer=game_record.first_dealer,
    )
    narration: tuple[str, ...] = ()
    for number, (before, move, after) in enumerate(tables.steps(game_record)):
        if number == step:
            break
        narration = tables.narrated(narration, before, move, after)
        state = after
    return {
        "game": entry.name,
        "title": entry.title,
        "steps": len(game_record.moves),
        "step": step,
        "move": str(game_record.moves[step - 1]) if step else None,
        "svg": drawing.svg(state, open_hands=True),
        "narration": list(narration),
        "score": codec.encode(entry.score(state), game=entry.name),
        "rules_page": tables.RULES_PAGES.format(name=entry.name),
    }


async def _play(server: _Server, websocket: websockets.WebSocket) -> None:
    """Serve one client: its first message names its seat by token, the others are moves."""
    await websocket.accept()
    bucket = _Bucket(server.limits.messages_per_second, server.limits.burst, server.clock)
    seat: int | None = None
    name = websocket.path_params["name"]
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            text = received.get("text")
            try:
                seat = await _answer(
                    server, websocket, name=name, seat=seat, bucket=bucket, text=text
                )
            except (_RefusedError, errors.CardgamesError) as error:
                await websocket.send_json({"type": "error", "message": str(error)})
                if seat is None and isinstance(error, _RefusedError) and error.status in {403, 404}:
                    await websocket.close(code=4000 + error.status)
                    break
    except websockets.WebSocketDisconnect:
        pass
    finally:
        if seat is not None:
            server.clients[name].discard((websocket, seat))


async def _answer(
    server: _Server,
    websocket: websockets.WebSocket,
    *,
    name: str,
    seat: int | None,
    bucket: _Bucket,
    text: object,
) -> int:
    """Act on one message of a client (its token, or its seat's move); return its seat."""
    if not bucket.take():
        raise _RefusedError("too many messages: slow down")
    if not isinstance(text, str):
        raise _RefusedError("a message is JSON text, not binary data")
    if len(text.encode()) > server.limits.message_bytes:
        raise _RefusedError(f"the message is larger than {server.limits.message_bytes:,} bytes")
    data = _json(text)
    if seat is None:
        seat = _join(server, name, data)
        server.clients[name].add((websocket, seat))
        await websocket.send_json(tables.message(server.table(name), seat))
        return seat
    if not isinstance(data, dict) or set(data) != {"move"}:
        raise _RefusedError('a message is {"move": "the text of a move"}')
    table = tables.play(server.table(name), seat, data["move"], server.rng)
    server.moved(table)
    await _broadcast(server, table)
    return seat


def _join(server: _Server, name: object, data: object) -> int:
    """Return the seat a client's first message claims with its token."""
    table = server.table(name)
    if not isinstance(data, dict) or set(data) != {"token"}:
        raise _RefusedError('the first message is {"token": "your seat\'s token"}')
    seat = table.seat_of(data["token"])
    if seat is None:
        raise _RefusedError("no seat of this table has that token", 403)
    return seat


async def _broadcast(server: _Server, table: tables.Table) -> None:
    """Send each client at a table its own seat's view of the table as it is now.

    Each view is made when it is sent: a move made while an earlier one was being sent is not
    followed by that earlier view.
    """
    for websocket, seat in list(server.clients[table.name]):
        try:
            await websocket.send_json(tables.message(server.tables[table.name], seat))
        except (RuntimeError, websockets.WebSocketDisconnect):
            server.clients[table.name].discard((websocket, seat))
