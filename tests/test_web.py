"""The web table's app through Starlette's TestClient: its API, its websocket and its records."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Iterator
from typing import Any

import pytest
from starlette import testclient, websockets

import cardgames
from cardgames import cli, codec, drawing, errors, web

BOTS = {"gin-rummy": "rule", "kalter-schlag": "rule", "mariage": "rule", "staekske-rape": "rule"}


@pytest.fixture
def client(tmp_path: pathlib.Path) -> Iterator[testclient.TestClient]:
    with testclient.TestClient(web.create_app(tmp_path)) as made:
        yield made


def create(
    client: testclient.TestClient,
    game: str,
    seats: list[str],
    rules: dict[str, object] | None = None,
) -> dict[str, Any]:
    answer = client.post(
        "/api/tables", json={"game": game, "rules": rules or {"max_hands": 1}, "seats": seats}
    )
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def token_of(table: dict[str, Any], seat: int) -> str:
    token: str = next(held["token"] for held in table["seats"] if held["seat"] == seat)
    return token


def saved_state(folder: pathlib.Path, name: str) -> Any:  # any game's state
    return codec.replay(
        codec.decode_record(json.loads((folder / f"{name}.json").read_text())["record"])
    )


def test_pages_and_games(client: testclient.TestClient) -> None:
    for path in ("/", "/table/kalter-schlag-0001", "/replay/x", "/static/table.js"):
        assert client.get(path).status_code == 200
    listed = client.get("/api/games").json()
    assert [entry["name"] for entry in listed] == list(cardgames.GAMES)
    for entry in listed:
        assert "rule" in entry["agents"]
        assert entry["rules_page"].endswith(f"/games/{entry['name']}.html")
        assert entry["players"] == list(cardgames.GAMES[entry["name"]].players)


def test_a_new_table_gives_each_person_a_token_and_saves_only_digests(
    client: testclient.TestClient, tmp_path: pathlib.Path
) -> None:
    table = create(client, "kalter-schlag", ["person", "rule", "person", "random"])
    assert [held["seat"] for held in table["seats"]] == [0, 2]
    assert table["seats"][0]["url"] == f"/table/{table['table']}#token={token_of(table, 0)}"
    text = (tmp_path / f"{table['table']}.json").read_text()
    saved = json.loads(text)
    assert saved["seats"] == ["person", "rule", "person", "random"]
    assert token_of(table, 0) not in text
    assert saved["tokens"][0] == web._tables.digest(token_of(table, 0))  # noqa: SLF001
    assert saved["tokens"][1] is None


@pytest.mark.parametrize(
    ("request_body", "message"),
    [
        ({"game": "chess", "seats": ["person"]}, "unknown game 'chess'"),
        ({"game": "gin-rummy", "seats": ["person", "genius"]}, "Gin Rummy has no agent 'genius'"),
        ({"game": "gin-rummy", "seats": ["rule", "rule"]}, "at least one person"),
        ({"game": "gin-rummy", "seats": "person"}, "seats must be a list"),
        ({"game": "gin-rummy", "seats": ["person"] * 3}, "2"),
        ({"game": "gin-rummy", "seats": ["person"] * 2, "rules": {"targte": 1}}, "did you mean"),
        ({"game": "gin-rummy", "seats": ["person"] * 2, "seed": 4}, "game, rules and seats"),
        ([1, 2], "game, rules and seats"),
    ],
)
def test_a_bad_new_table_is_refused(
    client: testclient.TestClient, tmp_path: pathlib.Path, request_body: object, message: str
) -> None:
    answer = client.post("/api/tables", json=request_body)
    assert answer.status_code == 400
    assert message in answer.json()["error"]
    assert list(tmp_path.iterdir()) == []


def test_table_creation_and_request_size_are_limited(tmp_path: pathlib.Path) -> None:
    app = web.create_app(tmp_path, limits=web.Limits(tables_per_minute=2, message_bytes=200))
    with testclient.TestClient(app) as limited:
        assert limited.post("/api/tables", content=b"{" * 300).status_code == 413
        assert limited.post("/api/tables", content=b"{nope").json() == {"error": "not JSON"}
        for _ in range(2):
            create(limited, "gin-rummy", ["person", "rule"])
        answer = limited.post(
            "/api/tables", json={"game": "gin-rummy", "rules": {}, "seats": ["person", "rule"]}
        )
        assert answer.status_code == 429
        assert "too many new tables" in answer.json()["error"]
    assert len(list(tmp_path.glob("*.json"))) == 2


def test_pages_forbid_other_scripts_and_frames(client: testclient.TestClient) -> None:
    headers = client.get("/").headers
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("limit", ["message_bytes", "messages_per_second", "burst", "tables"])
@pytest.mark.parametrize("value", [0, -1, "5", None])
def test_limits_are_positive_numbers(limit: str, value: object) -> None:
    with pytest.raises(errors.RulesError, match=f"Limits.{limit} must be a positive number"):
        web.Limits(**{limit: value})  # type: ignore[arg-type]  # the wrong kinds on purpose


def test_a_seat_sees_its_own_view_and_nothing_more(
    client: testclient.TestClient, tmp_path: pathlib.Path
) -> None:
    table = create(client, "kalter-schlag", ["person", "person", "rule", "rule"])
    state = saved_state(tmp_path, table["table"])
    for seat in (0, 1):
        with client.websocket_connect(f"/ws/{table['table']}") as socket:
            socket.send_json({"token": token_of(table, seat)})
            shown = socket.receive_json()
        view = cardgames.GAMES["kalter-schlag"].view(state, seat)
        assert shown["seat"] == seat
        assert shown["view"] == codec.encode(view, game="kalter-schlag")
        assert shown["svg"] == drawing.svg(view)
        assert [move["text"] for move in shown["moves"]] == [str(move) for move in view.legal_moves]
        text = json.dumps(shown, ensure_ascii=False)
        assert token_of(table, 1 - seat) not in text
        assert token_of(table, seat) not in text
        assert str(state.seed) not in json.dumps(shown["view"])
        assert "record" not in shown


def refused(socket: testclient.WebSocketTestSession, sent: object, *, raw: bool = False) -> str:
    if raw:
        socket.send_text(str(sent))
    else:
        socket.send_json(sent)
    answer = socket.receive_json()
    assert answer["type"] == "error"
    message: str = answer["message"]
    return message


def test_a_cheating_client_is_refused_and_changes_nothing(
    client: testclient.TestClient, tmp_path: pathlib.Path
) -> None:
    table = create(client, "kalter-schlag", ["person", "person", "person", "person"])
    name = table["table"]
    before = (tmp_path / f"{name}.json").read_text()
    state = saved_state(tmp_path, name)
    mover = cardgames.GAMES["kalter-schlag"].current_player(state)
    assert mover is not None
    other = (mover + 1) % 4
    other_move = str(cardgames.GAMES["kalter-schlag"].legal_moves(state)[-1])
    with client.websocket_connect(f"/ws/{name}") as socket:
        socket.send_json({"token": token_of(table, other)})
        socket.receive_json()
        assert "not your turn" in refused(socket, {"move": other_move})
        assert "not JSON" in refused(socket, "{not json", raw=True)
        assert "larger than 2,048 bytes" in refused(socket, {"move": "x" * 3000})
        assert "the text of a move" in refused(socket, {"move": other_move, "seat": mover})
        assert "the text of a move" in refused(socket, [other_move])
        assert "expected a move as text" in refused(socket, {"move": 3})
        assert "stack a deal" in refused(socket, {"move": "deal " + " ".join(["A♣"] * 32)})
        assert "jump" in refused(socket, {"move": "jump"})
        socket.send_bytes(b'{"move": "double"}')
        assert "not binary" in socket.receive_json()["message"]
    assert (tmp_path / f"{name}.json").read_text() == before


def test_a_forged_token_or_an_unknown_table_is_refused(client: testclient.TestClient) -> None:
    table = create(client, "gin-rummy", ["person", "rule"])
    for path, first, message, code in (
        (f"/ws/{table['table']}", {"token": "forged"}, "no seat of this table", 4403),
        (f"/ws/{table['table']}", {"token": None}, "no seat of this table", 4403),
        ("/ws/no-such-table", {"token": "x"}, "no table named", 4404),
    ):
        with client.websocket_connect(path) as socket:
            socket.send_json(first)
            assert message in socket.receive_json()["message"]
            with pytest.raises(websockets.WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == code
    with client.websocket_connect(f"/ws/{table['table']}") as socket:
        assert "first message" in refused(socket, {"move": "draw pile"})


def test_messages_per_connection_are_limited(tmp_path: pathlib.Path) -> None:
    app = web.create_app(tmp_path, limits=web.Limits(burst=3, messages_per_second=0.001))
    with testclient.TestClient(app) as limited:
        table = create(limited, "gin-rummy", ["person", "rule"])
        with limited.websocket_connect(f"/ws/{table['table']}") as socket:
            socket.send_json({"token": token_of(table, 0)})
            socket.receive_json()
            assert "jump" in refused(socket, {"move": "jump"})
            assert "jump" in refused(socket, {"move": "jump"})
            assert "too many messages" in refused(socket, {"move": "jump"})


def test_every_seat_is_sent_its_view_after_a_move(client: testclient.TestClient) -> None:
    table = create(client, "gin-rummy", ["person", "person"])
    with (
        client.websocket_connect(f"/ws/{table['table']}") as first,
        client.websocket_connect(f"/ws/{table['table']}") as second,
    ):
        first.send_json({"token": token_of(table, 0)})
        second.send_json({"token": token_of(table, 1)})
        views = [first.receive_json(), second.receive_json()]
        mover = next(
            socket for socket, shown in zip((first, second), views, strict=True) if shown["moves"]
        )
        mover.send_json({"move": "pass"})
        after = [first.receive_json(), second.receive_json()]
    assert [shown["seat"] for shown in after] == [0, 1]
    assert any("passes" in line for line in after[0]["narration"])
    assert after[0]["narration"] == after[1]["narration"]


def play_out(client: testclient.TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """Play a table's person at seat 0 with the first legal move until the match is over."""
    with client.websocket_connect(f"/ws/{table['table']}") as socket:
        socket.send_json({"token": token_of(table, 0)})
        shown: dict[str, Any] = socket.receive_json()
        while not shown["over"]:
            socket.send_json({"move": shown["moves"][0]["text"]})
            shown = socket.receive_json()
            assert "error" not in shown, shown["error"]
    return shown


@pytest.mark.parametrize("name", list(cardgames.GAMES))
def test_a_match_of_every_game_is_played_saved_and_replayed(
    tmp_path: pathlib.Path, name: str
) -> None:
    # The test plays as fast as the machine can; the default limits would refuse its moves.
    lifted = web.Limits(messages_per_second=1e6, burst=1_000_000)
    with testclient.TestClient(web.create_app(tmp_path, limits=lifted)) as client:
        played_saved_and_replayed(client, tmp_path, name)


def played_saved_and_replayed(
    client: testclient.TestClient, tmp_path: pathlib.Path, name: str
) -> None:
    """Play a match of the game at a new table, then check its record and its replay."""
    entry = cardgames.GAMES[name]
    seats = ["person"] + [BOTS[name]] * (entry.players[0] - 1)
    table = create(client, name, seats)
    assert client.get(f"/api/records/{table['table']}").status_code == 403  # still played
    final = play_out(client, table)
    assert final["score"] == codec.encode(
        entry.score(saved_state(tmp_path, table["table"])), game=name
    )
    assert table["table"] in client.get("/api/records").json()
    first = client.get(f"/api/records/{table['table']}", params={"step": "0"}).json()
    last = client.get(f"/api/records/{table['table']}", params={"step": "999999"}).json()
    state = saved_state(tmp_path, table["table"])
    assert first["step"] == 0
    assert first["move"] is None
    assert last["step"] == last["steps"] == len(state.moves)
    assert last["move"] == str(state.moves[-1])
    assert last["svg"] == drawing.svg(state, open_hands=True)
    assert last["score"] == final["score"]


def test_a_table_resumes_when_the_server_starts_again(tmp_path: pathlib.Path) -> None:
    with testclient.TestClient(web.create_app(tmp_path)) as first:
        table = create(first, "kalter-schlag", ["person", "rule", "rule", "rule"])
        with first.websocket_connect(f"/ws/{table['table']}") as socket:
            socket.send_json({"token": token_of(table, 0)})
            shown = socket.receive_json()
            socket.send_json({"move": shown["moves"][-1]["text"]})
            before = socket.receive_json()
    second = testclient.TestClient(web.create_app(tmp_path))
    with second, second.websocket_connect(f"/ws/{table['table']}") as socket:
        socket.send_json({"token": token_of(table, 0)})
        again = socket.receive_json()
    assert again == before


def test_record_names_stay_in_the_folder(
    client: testclient.TestClient, tmp_path: pathlib.Path
) -> None:
    (tmp_path.parent / "secret.json").write_text("{}")
    for name in ("..", "%2e%2e", "..%2fsecret", "Secret", ".hidden", "a" * 65):
        answer = client.get(f"/api/records/{name}")
        assert answer.status_code in {400, 404}
        if answer.status_code == 400:
            assert "a record's name is 1 to 64" in answer.json()["error"]
    assert client.get("/replay/%2e%2e").status_code == 400
    assert client.get("/api/records/nothing-here").json() == {
        "error": "there is no record named 'nothing-here'"
    }
    (tmp_path / "broken.json").write_text("[")
    assert "not JSON" in client.get("/api/records/broken").json()["error"]
    assert client.get("/api/records/x", params={"step": "-1"}).status_code == 400


def test_a_plain_game_record_in_the_folder_is_replayed(
    client: testclient.TestClient, tmp_path: pathlib.Path
) -> None:
    entry = cardgames.GAMES["staekske-rape"]
    state = entry.new_game(entry.rules_type(max_hands=1), seed=5)
    while not entry.is_over(state):
        state = entry.apply(state, entry.legal_moves(state)[0])
    (tmp_path / "saved-match.json").write_text(codec.dumps(codec.record(state)))
    assert "saved-match" in client.get("/api/records").json()
    shown = client.get("/api/records/saved-match", params={"step": "3"}).json()
    assert shown["step"] == 3
    assert shown["move"] == str(state.moves[2])
    assert (
        "step must be a number"
        in client.get("/api/records/saved-match", params={"step": "²"}).json()["error"]
    )


def test_the_serve_command_runs_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    served: list[tuple[object, str, int, web.Limits]] = []

    def fake_serve(folder: object, *, host: str, port: int, limits: web.Limits) -> None:
        served.append((folder, host, port, limits))

    monkeypatch.setattr(web, "serve", fake_serve)
    assert cli.main(["serve", "--port", "8123", "--records", str(tmp_path)]) == 0
    assert served == [(str(tmp_path), "127.0.0.1", 8123, web.Limits())]
    assert "http://127.0.0.1:8123/" in capsys.readouterr().out
    lifted = ["serve", "--messages-per-second", "50", "--tables-per-minute", "60"]
    assert cli.main(lifted) == 0
    assert served[-1][3] == web.Limits(messages_per_second=50.0, tables_per_minute=60)
    assert cli.main(["serve", "--port", "0"]) == 2
    assert "--port must be from 1 to 65535" in capsys.readouterr().err
    assert cli.main(["serve", "--tables-per-minute", "0"]) == 2
    assert "Limits.tables_per_minute must be a positive number" in capsys.readouterr().err


def test_a_damaged_table_file_is_left_alone_when_the_server_starts(tmp_path: pathlib.Path) -> None:
    with testclient.TestClient(web.create_app(tmp_path)) as first:
        table = create(first, "gin-rummy", ["person", "rule"])
    saved = json.loads((tmp_path / f"{table['table']}.json").read_text())
    for name, seats, tokens in (
        ("bad-seat", ["person", "genius"], saved["tokens"]),
        ("bad-count", ["person"], saved["tokens"][:1]),
        ("bad-token", ["person", "person"], saved["tokens"]),
    ):
        damaged = {"record": saved["record"], "seats": seats, "tokens": tokens}
        (tmp_path / f"{name}.json").write_text(json.dumps(damaged))
    (tmp_path / "Not A Name.json").write_text("{}")
    with testclient.TestClient(web.create_app(tmp_path)) as second:
        for name in ("bad-seat", "bad-count", "bad-token"):
            with second.websocket_connect(f"/ws/{name}") as socket:
                socket.send_json({"token": token_of(table, 0)})
                assert "no table named" in socket.receive_json()["message"]
        with second.websocket_connect(f"/ws/{table['table']}") as socket:
            socket.send_json({"token": token_of(table, 0)})
            assert socket.receive_json()["type"] == "view"
