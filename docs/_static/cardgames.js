// The cardgames docs' own script: in tables, a long name in code (own_marriage_lead_bonus)
// may break after an underscore, so that a narrow column splits it between its words rather
// than inside one.
document.addEventListener("DOMContentLoaded", () => {
  for (const span of document.querySelectorAll("article table.docutils code span.pre")) {
    const words = span.textContent.split("_");
    if (words.length < 2) continue;
    span.replaceChildren();
    words.forEach((word, index) => {
      if (index) span.append("_", document.createElement("wbr"));
      span.append(word);
    });
  }
});
