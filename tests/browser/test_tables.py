"""Tables played in Chromium by clicking: every game's match, a restart, a cheat and a replay.

A real ``cardgames serve`` runs in a process of its own and Playwright drives Debian's Chromium
(``$CARDGAMES_CHROMIUM``, ``/usr/bin/chromium`` by default).
Screenshots of each screen go to ``$CARDGAMES_SCREENSHOTS`` (a temporary folder if it is not
set), and each is checked to show something.
"""

from __future__ import annotations

import base64
import json
import os
import pathlib
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright import sync_api

import cardgames
from cardgames import codec

CHROMIUM = os.environ.get("CARDGAMES_CHROMIUM", "/usr/bin/chromium")
"""The browser the tests drive: the system's Chromium, or ``playwright`` for the one that
``playwright install chromium`` downloaded (where the system has none, as on macOS in CI)."""

CHROMIUM_ARGUMENTS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``cardgames serve`` in a process of its own, on one port and one records folder."""

    def __init__(self, folder: pathlib.Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "cardgames", "serve", "--port", str(self.port)]
        # Playwright clicks faster than any person: the limits are lifted so that they never
        # refuse a test's clicks (tests/test_web.py checks the limits themselves).
        command += ["--messages-per-second", "1000", "--tables-per-minute", "1000"]
        self._process = subprocess.Popen(  # noqa: S603  # this interpreter, fixed arguments
            [*command, "--records", str(self.folder)]
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
            except OSError:
                time.sleep(0.1)
            else:
                return
        message = f"cardgames serve did not listen on port {self.port}"
        raise RuntimeError(message)

    def stop(self) -> None:
        if self._process is not None:
            self._process.terminate()
            self._process.wait(timeout=10)
            self._process = None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module's tests (each at tables of its own): it takes seconds to start."""
    running = Server(tmp_path_factory.mktemp("served") / "records")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    chosen = os.environ.get("CARDGAMES_SCREENSHOTS")
    folder = pathlib.Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sync_api.BrowserContext]:
    """Chromium with a new, empty profile, which reaches nothing outside this machine."""
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("profile")),
            executable_path=None if CHROMIUM == "playwright" else CHROMIUM,
            args=list(CHROMIUM_ARGUMENTS),
            headless=True,
            viewport={"width": 1280, "height": 900},
        )
        yield context
        context.close()


@pytest.fixture
def page(browser: sync_api.BrowserContext) -> Iterator[sync_api.Page]:
    opened = browser.new_page()
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    yield opened
    opened.close()
    assert problems == []


TIMEOUT = 15_000
"""How long, in milliseconds, a step may take before the test fails."""

MATCHES: dict[str, dict[str, object]] = {
    "kalter-schlag": {"max_hands": 2},
    "gin-rummy": {"max_hands": 1},
    "mariage": {"max_hands": 1},
    "staekske-rape": {"max_hands": 1},
}
"""The options of each game's match in the browser: a few hands, so that the session is short."""

_PIXELS = """async (data) => {
  const image = new Image();
  image.src = "data:image/png;base64," + data;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const colours = new Set();
  let same = 0;
  let seen = 0;
  for (let at = 0; at < pixels.length; at += 4 * 5) {
    colours.add((pixels[at] << 16) | (pixels[at + 1] << 8) | pixels[at + 2]);
    if (pixels[at] === pixels[0] && pixels[at + 1] === pixels[1] && pixels[at + 2] === pixels[2]) {
      same += 1;
    }
    seen += 1;
  }
  return { colours: colours.size, plain: same / seen, width: image.width };
}"""


_ONCE: set[str] = set()
"""The screens that look the same for every game, once saved in this run."""


def screenshot(
    page: sync_api.Page, folder: pathlib.Path, name: str, *, filled: float = 0.02
) -> None:
    """Save the page's picture and check that it shows something: many colours, not one.

    ``filled`` is the least share of the picture that is not the background's colour.
    """
    picture = page.screenshot(path=folder / f"{name}.png", full_page=True)
    measured = page.evaluate(_PIXELS, base64.b64encode(picture).decode())
    assert measured["width"] == 1280
    assert measured["colours"] > 30, (name, measured)
    assert measured["plain"] <= 1 - filled, (name, measured)


def create_table(
    page: sync_api.Page,
    server: Server,
    game: str,
    seats: list[str],
    rules: dict[str, object],
    *,
    screenshots: pathlib.Path,
) -> list[str]:
    """Create a table on the front page; return each person's seat link."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for seat, held in enumerate(seats):
        page.select_option(f"#seat-{seat}", held)
    page.fill("#rules", json.dumps(rules))
    if "front-page" not in _ONCE:  # the same screen for every game: once
        _ONCE.add("front-page")
        screenshot(page, screenshots, "front-page")
    page.click("#create-button")
    page.wait_for_selector("a.seat-link")
    links = page.locator("a.seat-link")
    return [str(links.nth(number).get_attribute("href")) for number in range(links.count())]


def updates(page: sync_api.Page) -> int:
    return int(page.get_attribute("body", "data-updates") or "0")


def open_seat(page: sync_api.Page, server: Server, link: str) -> None:
    page.goto(server.url + link)
    page.wait_for_selector("body[data-updates]", timeout=TIMEOUT)


def wait_for_turn(page: sync_api.Page) -> bool:
    """Wait until the seat is to move (True) or the match is over (False)."""
    page.wait_for_selector("body[data-turn=yes], body[data-over=yes]", timeout=TIMEOUT)
    return page.get_attribute("body", "data-over") != "yes"


def click_a_move(page: sync_api.Page, game: str) -> None:
    """Make one move as a player would: a card if one is playable, else a move's button."""
    before = updates(page)
    texts = [
        str(button.get_attribute("data-move")) for button in page.locator("#moves button").all()
    ]
    playable = page.locator('#picture g.card[data-playable="true"]')
    if game == "gin-rummy" and any(text.startswith("knock") for text in texts):
        page.locator('#moves button[data-move^="knock"]').first.click()
    elif "draw stock" in texts:
        page.locator("#picture g.stock").first.click()  # the stock, clicked, draws from it
    elif playable.count():
        playable.first.click()
        if page.locator("#moves button.chosen").count():  # the card makes two moves
            page.locator("#moves button.chosen").first.click()
    else:
        page.locator("#moves button").first.click()
    page.wait_for_function(
        "(before) => Number(document.body.dataset.updates) > before", arg=before, timeout=TIMEOUT
    )


def play_to_the_end(page: sync_api.Page, game: str, screenshots: pathlib.Path) -> int:
    """Click moves until the match is over; return how many clicks it took."""
    clicks = 0
    while wait_for_turn(page):
        click_a_move(page, game)
        clicks += 1
        if clicks == 3:
            screenshot(page, screenshots, f"{game}-playing")
        assert clicks < 400
    return clicks


def record_of(server: Server, name: str) -> codec.GameRecord:
    saved = json.loads((server.folder / f"{name}.json").read_text(encoding="utf-8"))
    return codec.decode_record(saved["record"])


def table_name(link: str) -> str:
    found = re.fullmatch(r"/table/([a-z0-9_-]+)#token=.+", link)
    assert found is not None, link
    return found.group(1)


@pytest.mark.parametrize("game", list(MATCHES))
def test_a_match_of_every_game_played_by_clicking(
    page: sync_api.Page, server: Server, screenshots: pathlib.Path, game: str
) -> None:
    entry = cardgames.GAMES[game]
    bot = "rule"
    seats = ["person"] + [bot] * (entry.players[0] - 1)
    (link,) = create_table(page, server, game, seats, MATCHES[game], screenshots=screenshots)
    if "table-created" not in _ONCE:
        _ONCE.add("table-created")
        screenshot(page, screenshots, "table-created")
    open_seat(page, server, link)
    sync_api.expect(page.locator("#picture svg.cardgames-table")).to_be_visible()
    assert page.get_attribute("#picture svg", "data-seat") == "0"
    assert page.get_attribute("#rules-page", "href") == (
        f"https://python-cardgames.readthedocs.io/en/latest/games/{game}.html"
    )
    screenshot(page, screenshots, f"{game}-first-turn")
    clicks = play_to_the_end(page, game, screenshots)
    assert clicks > 0
    final = entry.replay(**_replay_arguments(record_of(server, table_name(link))))
    assert entry.is_over(final)
    hands = len(entry.score(final).hands)
    assert page.locator("#score td.why").count() == hands
    totals = page.locator("#score tr.totals th").all_inner_texts()[1:]
    assert totals == [str(total) for total in entry.score(final).totals]
    assert page.locator("#narration li").count() > 0
    sync_api.expect(page.locator("#status")).to_have_text("The match is over.")
    screenshot(page, screenshots, f"{game}-over")


def _replay_arguments(game_record: codec.GameRecord) -> dict[str, Any]:
    return {
        "rules": game_record.rules,
        "seed": game_record.seed,
        "moves": game_record.moves,
        "players": game_record.players,
        "first_dealer": game_record.first_dealer,
    }


def hand_shown(page: sync_api.Page) -> list[str]:
    return [
        str(card.get_attribute("data-card"))
        for card in page.locator('#picture g.card[data-seat="0"]').all()
    ]


def test_a_table_reconnects_after_the_server_restarts(
    page: sync_api.Page, browser: sync_api.BrowserContext, server: Server, screenshots: pathlib.Path
) -> None:
    (link,) = create_table(
        page,
        server,
        "kalter-schlag",
        ["person", "rule", "rule", "rule"],
        {"max_hands": 1},
        screenshots=screenshots,
    )
    open_seat(page, server, link)
    for _ in range(2):
        assert wait_for_turn(page)
        click_a_move(page, "kalter-schlag")
    assert wait_for_turn(page)
    hand = hand_shown(page)
    server.stop()
    sync_api.expect(page.locator("#status")).to_contain_text("reconnecting", timeout=TIMEOUT)
    screenshot(page, screenshots, "reconnecting")
    server.start()
    sync_api.expect(page.locator("#status")).to_have_text("Your turn.", timeout=TIMEOUT)
    assert hand_shown(page) == hand
    page.close()
    again = browser.new_page()  # a closed tab, opened again: the token is in the browser
    again.goto(server.url + f"/table/{table_name(link)}")
    sync_api.expect(again.locator("#status")).to_have_text("Your turn.", timeout=TIMEOUT)
    assert hand_shown(again) == hand
    screenshot(again, screenshots, "reconnected")
    click_a_move(again, "kalter-schlag")
    assert len(record_of(server, table_name(link)).moves) > 0
    again.close()


_CHEAT = """async ([token, message, raw]) => {
  const socket = new WebSocket("ws://" + location.host + "/ws/" + location.pathname.split("/")[2]);
  const answers = [];
  await new Promise((opened) => socket.addEventListener("open", opened));
  const next = () => new Promise((answered) => {
    socket.addEventListener("message", (event) => answered(JSON.parse(event.data)), { once: true });
  });
  const closed = new Promise((ended) => {
    socket.addEventListener("close", (event) => ended(event.code));
  });
  socket.send(JSON.stringify({ token }));
  answers.push(await next());
  if (message !== null) {
    socket.send(raw ? message : JSON.stringify(message));
    answers.push(await next());
  }
  socket.close();
  return { answers, code: await closed };
}"""


def test_a_cheating_client_is_refused(
    page: sync_api.Page, server: Server, screenshots: pathlib.Path
) -> None:
    links = create_table(
        page,
        server,
        "kalter-schlag",
        ["person", "person", "rule", "rule"],
        {"max_hands": 1},
        screenshots=screenshots,
    )
    name = table_name(links[0])
    tokens = [link.split("#token=")[1] for link in links]
    open_seat(page, server, links[0])
    state = cardgames.GAMES["kalter-schlag"].replay(**_replay_arguments(record_of(server, name)))
    mover = cardgames.GAMES["kalter-schlag"].current_player(state)
    assert mover in {0, 1}
    waiting = 1 - mover
    their_move = str(cardgames.GAMES["kalter-schlag"].legal_moves(state)[-1])
    saved = (server.folder / f"{name}.json").read_text(encoding="utf-8")
    picture = page.inner_html("#picture")

    forged = page.evaluate(_CHEAT, ["not-a-token", None, False])
    assert "no seat of this table has that token" in forged["answers"][0]["message"]
    assert forged["code"] == 4403
    for message, raw, says in (
        ({"move": their_move}, False, "not your turn"),
        ("{not json", True, "not JSON"),
        ({"move": "x" * 5000}, False, "larger than 2,048 bytes"),
        ({"move": their_move, "seat": mover}, False, "the text of a move"),
        ({"move": "deal " + " ".join(["A♣"] * 32)}, False, "stack a deal"),
    ):
        answered = page.evaluate(_CHEAT, [tokens[waiting], message, raw])
        assert answered["answers"][0]["type"] == "view"
        assert answered["answers"][0]["seat"] == waiting
        assert says in answered["answers"][1]["message"], answered
    for path in ("/api/records/%2e%2e", "/api/records/..%5Csecret", "/replay/%2e%2e%2fsecret"):
        answer = page.request.get(server.url + path)
        assert answer.status in {400, 404}, path
        if answer.status == 400:
            assert "a record's name is 1 to 64" in answer.json()["error"]
    assert (server.folder / f"{name}.json").read_text(encoding="utf-8") == saved
    assert page.inner_html("#picture") == picture

    page.goto("about:blank")
    page.goto(server.url + f"/table/{name}#token=forged")
    sync_api.expect(page.locator("#status")).to_contain_text("the token is not a seat's")
    screenshot(page, screenshots, "refused", filled=0.005)  # a line of text


def test_a_finished_match_is_replayed_with_every_hand_open(
    page: sync_api.Page, server: Server, screenshots: pathlib.Path
) -> None:
    game = "kalter-schlag"
    (link,) = create_table(
        page,
        server,
        game,
        ["person", "rule", "rule", "rule"],
        {"max_hands": 1},
        screenshots=screenshots,
    )
    open_seat(page, server, link)
    play_to_the_end(page, game, screenshots)
    name = table_name(link)
    steps = len(record_of(server, name).moves)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready=yes]")
    page.click(f'#record-list a[href="/replay/{name}"]')
    page.wait_for_selector("body[data-step='0']", timeout=TIMEOUT)
    page.click("#next")
    page.wait_for_selector("body[data-step='1']", timeout=TIMEOUT)  # the deal
    holders = {card.get_attribute("data-seat") for card in page.locator("#picture g.card").all()}
    assert holders == {"0", "1", "2", "3"}
    sync_api.expect(page.locator("#move")).to_have_text("The move: deal")
    screenshot(page, screenshots, "replay-dealt")
    page.click("#last")
    page.wait_for_selector(f"body[data-step='{steps}']", timeout=TIMEOUT)
    sync_api.expect(page.locator("#status")).to_have_text(
        f"Move {steps} of {steps}, every hand open."
    )
    assert page.locator("#score td.why").count() == 1
    screenshot(page, screenshots, "replay-last")
    page.click("#back")
    page.wait_for_selector(f"body[data-step='{steps - 1}']", timeout=TIMEOUT)
