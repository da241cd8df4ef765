"use strict";
// A seat's page (/table/NAME) and what the replay page shares with it: the picture, the score
// sheet and the narrated play. The server sends the picture as SVG text that it drew itself.

const cardgames = (() => {
  const byId = (id) => document.getElementById(id);

  function element(tag, content, className) {
    const made = document.createElement(tag);
    if (content !== undefined) made.textContent = String(content);
    if (className) made.className = className;
    return made;
  }

  function showScore(score, players) {
    const sheet = byId("score");
    sheet.replaceChildren();
    const head = element("tr");
    head.append(element("th", "hand"));
    for (let seat = 0; seat < players; seat += 1) head.append(element("th", "seat " + seat));
    sheet.append(head);
    for (const hand of score.hands) {
      const row = element("tr");
      row.append(element("td", hand.number));
      for (const points of hand.points) row.append(element("td", points));
      sheet.append(row);
      const why = element("tr");
      const cell = element("td", hand.explanation, "why");
      cell.colSpan = players + 1;
      why.append(cell);
      sheet.append(why);
    }
    const totals = element("tr", undefined, "totals");
    totals.append(element("th", "total"));
    for (const total of score.totals) totals.append(element("th", total));
    sheet.append(totals);
  }

  function showNarration(lines) {
    const list = byId("narration");
    list.replaceChildren(...lines.map((line) => element("li", line)));
    list.scrollTop = list.scrollHeight;
  }

  function showPicture(svg) {
    byId("picture").innerHTML = svg;
  }

  function showError(message) {
    byId("error").textContent = message;
  }

  function setRulesPage(url, title) {
    const link = byId("rules-page");
    link.href = url;
    link.textContent = "The rules of " + title;
  }

  return { byId, element, showScore, showNarration, showPicture, showError, setRulesPage };
})();

function openTable() {
  const { byId, element } = cardgames;
  const name = decodeURIComponent(location.pathname.split("/")[2] || "");
  const key = "cardgames-token:" + name;
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromLink) {
    localStorage.setItem(key, fromLink);
    history.replaceState(null, "", location.pathname);
  }
  const token = localStorage.getItem(key);
  const status = (text) => { byId("status").textContent = text; };
  if (!token) {
    status("This page needs the link of a seat, which holds the seat's token.");
    return;
  }
  let socket = null;
  let wait = 300;
  let current = null;
  let updates = 0;

  function send(text) {
    if (!current || socket.readyState !== WebSocket.OPEN) return;
    cardgames.showError("");
    for (const button of byId("moves").querySelectorAll("button")) button.disabled = true;
    socket.send(JSON.stringify({ move: text }));
  }

  function moveFor(target) {
    if (!current) return [];
    const card = target.closest("g[data-card], g.stock");
    if (!card) return [];
    if (card.classList.contains("card") && card.dataset.playable === "true") {
      return current.moves.filter((move) => move.card === card.dataset.card).map((move) => move.text);
    }
    const wanted = card.classList.contains("stock") ? "draw stock"
      : (card.classList.contains("pile") || card.classList.contains("upcard")) ? "draw pile" : null;
    return current.moves.filter((move) => move.text === wanted).map((move) => move.text);
  }

  function show(data) {
    current = data;
    updates += 1;
    document.title = data.title + ": seat " + data.seat;
    byId("title").textContent = data.title + ", seat " + data.seat;
    cardgames.setRulesPage(data.rules_page, data.title);
    const mine = data.moves.length > 0;
    status(data.over ? "The match is over." : mine ? "Your turn." : "Seat " + data.to_move + " is to move.");
    cardgames.showPicture(data.svg);
    const buttons = byId("moves");
    buttons.replaceChildren();
    for (const move of data.moves) {
      const button = element("button", move.text, "move");
      button.type = "button";
      button.dataset.move = move.text;
      button.addEventListener("click", () => send(move.text));
      buttons.append(button);
    }
    cardgames.showScore(data.score, data.seats.length);
    cardgames.showNarration(data.narration);
    document.body.dataset.updates = String(updates);
    document.body.dataset.turn = mine ? "yes" : "no";
    document.body.dataset.over = data.over ? "yes" : "no";
  }

  byId("picture").addEventListener("click", (event) => {
    const moves = moveFor(event.target);
    if (moves.length === 1) {
      send(moves[0]);
    } else if (moves.length > 1) {
      for (const button of byId("moves").querySelectorAll("button")) {
        button.classList.toggle("chosen", moves.includes(button.dataset.move));
      }
      cardgames.showError("That card makes more than one move: choose one of the marked buttons.");
    }
  });

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(name));
    socket.addEventListener("open", () => {
      wait = 300;
      socket.send(JSON.stringify({ token }));
    });
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "error") {
        cardgames.showError(data.message);
        for (const button of byId("moves").querySelectorAll("button")) button.disabled = false;
      } else {
        cardgames.showError("");
        show(data);
      }
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4403 || event.code === 4404) {
        status("This table refused the page: " + (event.code === 4403 ? "the token is not a seat's." : "there is no such table."));
        return;
      }
      status("The connection was lost: reconnecting…");
      document.body.dataset.turn = "no";
      current = null;  // no card or button sends anything until the seat's view comes again
      for (const button of byId("moves").querySelectorAll("button")) button.disabled = true;
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 3000);
    });
  }
  connect();
}

if (location.pathname.startsWith("/table/")) openTable();
