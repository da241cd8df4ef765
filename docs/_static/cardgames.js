// The cardgames docs' own script: in tables, a long name in code (own_marriage_lead_bonus,
// cardgames.integrations.pettingzoo) may break after an underscore, a dot or a comma, so that a
// narrow column splits it between its words rather than inside one.
document.addEventListener("DOMContentLoaded", () => {
  for (const span of document.querySelectorAll("article table.docutils code span.pre")) {
    const parts = span.textContent.split(/(?<=[_.,])/);
    if (parts.length < 2) continue;
    span.replaceChildren();
    parts.forEach((part, index) => {
      if (index) span.append(document.createElement("wbr"));
      span.append(part);
    });
  }
});
