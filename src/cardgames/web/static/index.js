"use strict";
// The front page: create a table, and list the finished matches to replay.

(() => {
  const byId = (id) => document.getElementById(id);
  let games = [];

  function chosen() {
    return games.find((entry) => entry.name === byId("game").value);
  }

  function option(value, label) {
    const made = document.createElement("option");
    made.value = String(value);
    made.textContent = label;
    return made;
  }

  function fillSeats() {
    const entry = chosen();
    const players = Number(byId("players").value);
    const seats = byId("seats");
    seats.replaceChildren(seats.querySelector("legend") || document.createElement("legend"));
    const bot = entry.agents.includes("rule") ? "rule" : "random";
    for (let seat = 0; seat < players; seat += 1) {
      const label = document.createElement("label");
      label.textContent = "Seat " + seat + " ";
      const select = document.createElement("select");
      select.name = "seat-" + seat;
      select.id = "seat-" + seat;
      select.append(option("person", "a person"));
      for (const agent of entry.agents) select.append(option(agent, "the " + agent + " bot"));
      select.value = seat === 0 ? "person" : bot;
      label.append(select);
      seats.append(label);
    }
  }

  function fillPlayers() {
    const entry = chosen();
    const players = byId("players");
    players.replaceChildren(...[...entry.players].sort((a, b) => a - b).map((count) => option(count, String(count))));
    players.value = String(entry.players[0]);
    const link = byId("rules-page");
    link.href = entry.rules_page;
    link.textContent = "The rules of " + entry.title + " and every option";
    fillSeats();
  }

  async function create(event) {
    event.preventDefault();
    byId("error").textContent = "";
    let rules;
    try {
      rules = JSON.parse(byId("rules").value || "{}");
    } catch (error) {
      byId("error").textContent = "The options are not JSON: " + error.message;
      return;
    }
    const players = Number(byId("players").value);
    const seats = [];
    for (let seat = 0; seat < players; seat += 1) seats.push(byId("seat-" + seat).value);
    const answer = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: byId("game").value, rules, seats }),
    });
    const data = await answer.json();
    if (!answer.ok) {
      byId("error").textContent = data.error;
      return;
    }
    const links = byId("links");
    links.replaceChildren();
    for (const seat of data.seats) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = seat.url;
      link.className = "seat-link";
      link.dataset.seat = String(seat.seat);
      link.textContent = "Seat " + seat.seat + " of " + data.table;
      item.append(link);
      links.append(item);
    }
    byId("created").hidden = false;
  }

  async function start() {
    games = await (await fetch("/api/games")).json();
    byId("game").replaceChildren(...games.map((entry) => option(entry.name, entry.title)));
    byId("game").addEventListener("change", fillPlayers);
    byId("players").addEventListener("change", fillSeats);
    byId("new-table").addEventListener("submit", create);
    fillPlayers();
    const names = await (await fetch("/api/records")).json();
    byId("record-list").replaceChildren(...names.map((name) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "/replay/" + encodeURIComponent(name);
      link.textContent = name;
      item.append(link);
      return item;
    }));
    if (names.length === 0) byId("record-list").append(Object.assign(document.createElement("li"), { textContent: "None yet." }));
    document.body.dataset.ready = "yes";
  }
  start();
})();
