"use strict";
// The replay page (/replay/NAME): a finished match, every hand open, one move at a time.

(() => {
  const { byId } = cardgames;
  const name = decodeURIComponent(location.pathname.split("/")[2] || "");
  let step = 0;
  let steps = 0;

  async function go(wanted) {
    const answer = await fetch("/api/records/" + encodeURIComponent(name) + "?step=" + Math.max(0, wanted));
    const data = await answer.json();
    if (!answer.ok) {
      cardgames.showError(data.error);
      byId("status").textContent = "This record cannot be replayed.";
      return;
    }
    step = data.step;
    steps = data.steps;
    document.title = data.title + ": a replay";
    byId("title").textContent = data.title + ": a replay";
    byId("status").textContent = "Move " + step + " of " + steps + ", every hand open.";
    byId("move").textContent = data.move ? "The move: " + data.move : "Before the first move.";
    const slider = byId("slider");
    slider.max = String(steps);
    slider.value = String(step);
    cardgames.setRulesPage(data.rules_page, data.title);
    cardgames.showPicture(data.svg);
    cardgames.showScore(data.score, data.score.totals.length);
    cardgames.showNarration(data.narration);
    document.body.dataset.step = String(step);
  }

  byId("first").addEventListener("click", () => go(0));
  byId("back").addEventListener("click", () => go(step - 1));
  byId("next").addEventListener("click", () => go(step + 1));
  byId("last").addEventListener("click", () => go(steps));
  byId("slider").addEventListener("change", (event) => go(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") go(step + 1);
    if (event.key === "ArrowLeft") go(step - 1);
  });
  go(0);
})();
