/* Exercises on the book's static pages (book/kit/lesson.py writes them).
   Each .bb-exercise holds an SVG board whose squares (or regions) carry data-square, and a
   JSON verdict for every one of them, computed by the engine when the book was built; so a
   click (or Tab + Enter) is answered right or wrong, with the reason, without any kernel. */
(function () {
  "use strict";

  function setUp(box) {
    var dataNode = box.querySelector("script.bb-ex-data");
    if (!dataNode) return;
    var verdicts = JSON.parse(dataNode.textContent);
    var feedback = box.querySelector(".bb-ex-feedback");
    var hint = box.querySelector(".bb-ex-hint");
    var answer = box.querySelector(".bb-ex-answer");
    var chosen = null;

    function answerFor(square, node) {
      var verdict = verdicts[square];
      if (!verdict) return;
      if (chosen) chosen.classList.remove("bb-ex-right", "bb-ex-wrong");
      chosen = node;
      node.classList.add(verdict.right ? "bb-ex-right" : "bb-ex-wrong");
      feedback.className = "bb-ex-feedback " + (verdict.right ? "is-right" : "is-wrong");
      feedback.textContent = (verdict.right ? "Right! " : "Not this one. ") + verdict.reason;
    }

    box.querySelectorAll(".bb-ex-board [data-square]").forEach(function (node) {
      var square = node.getAttribute("data-square");
      if (!(square in verdicts)) return;
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", "Answer " + square);
      node.classList.add("bb-ex-square");
      node.addEventListener("click", function () { answerFor(square, node); });
      node.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          answerFor(square, node);
        }
      });
    });

    box.querySelector(".bb-ex-hint-button").addEventListener("click", function () {
      hint.hidden = false;
    });
    box.querySelector(".bb-ex-answer-button").addEventListener("click", function () {
      answer.hidden = false;
      this.setAttribute("aria-expanded", "true");
    });
    box.classList.add("bb-ex-ready");
  }

  function start() {
    document.querySelectorAll(".bb-exercise").forEach(setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
