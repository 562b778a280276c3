// The conversation column: one turn per run — the player's message, the
// answer with its cards and sources, confirmation buttons and the run status.
//
// Mirrors templates/assistant/partials/turn.html (the server-rendered history);
// model and tool text goes in through textContent only (R-SEC-1).
(function () {
  "use strict";

  const R = window.AgentwebRender;
  // The "Thinking…" clock ticks this often.
  const THINKING_TICK_MS = 100;

  // The language of a question (core/languages.py of_text): Chinese characters make it
  // Chinese, other words English; a bare command ("/checkin") speaks the page's language.
  const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
  const LETTER = /\p{L}/u;
  const COMMAND = /^\s*\/\S*/;

  function languageOf(question) {
    const words = (question || "").replace(COMMAND, "");
    if (HAN.test(words)) return "zh-hans";
    if (LETTER.test(words)) return "en";
    return document.documentElement.lang === "zh-hans" ? "zh-hans" : "en";
  }

  // cardWords: the card words of each language (page/cards.py), by language code.
  function create(turnsEl, L, cardWords) {
    function scrollDown() {
      window.requestAnimationFrame(() => turnsEl.lastElementChild?.scrollIntoView({ block: "end" }));
    }

    function wordsOf(turn) {
      return cardWords[turn.dataset.lang] || cardWords.en || Object.values(cardWords)[0];
    }

    function button(className, text) {
      const node = R.el("button", className, text);
      node.type = "button";
      return node;
    }

    // The page's own copy of templates/assistant/partials/rating.html, hidden until the end.
    function ratingGroup() {
      return document.getElementById("rating-template").content.firstElementChild.cloneNode(true);
    }

    function newTurn(question) {
      const turn = R.el("li", "turn");
      turn.dataset.status = "sending";
      turn.dataset.lang = languageOf(question);
      turn.dataset.rating = "0";
      const undo = button("undo-turn link", L.undo);
      undo.hidden = true;
      const meta = R.append(R.el("p", "run-meta"), R.el("span", "status", L.sending), R.el("span", "workflow"),
        ratingGroup(), undo);
      const comment = R.append(R.el("p", "your-comment muted", L.your_comment + ": "), R.el("span", "comment-text"));
      comment.hidden = true;
      R.append(
        turn,
        R.append(R.el("div", "msg msg-player"), R.el("p", "msg-text", question)),
        R.append(R.el("div", "msg msg-assistant"), R.el("p", "msg-text answer-text"), R.el("div", "cards"),
          R.el("div", "actions"), meta, comment)
      );
      turnsEl.appendChild(turn);
      scrollDown();
      return turn;
    }

    function attach(turn, runId) {
      turn.dataset.runId = String(runId);
      if (turn.querySelector(".show-trace")) return;
      const trace = button("show-trace link", L.show_trace);
      trace.dataset.runId = String(runId);
      turn.querySelector(".workflow").after(trace);
    }

    // Where a message sent elsewhere came from: game chat or the API (another tab of the
    // page needs no word).
    function markOrigin(turn, origin) {
      turn.dataset.origin = origin || "web";
      const word = L["origin_" + origin];
      if (word) turn.querySelector(".msg-player").appendChild(R.el("p", "origin muted", word));
    }

    // A word under the message while it has no run of its own (sending, queued…).
    function note(turn, text) {
      turn.querySelector(".status").textContent = text;
    }

    function setStatus(turn, status) {
      turn.dataset.status = status;
      const badge = turn.querySelector(".status");
      badge.className = "status status-" + status;
      badge.textContent = L["status_" + status] || status;
      if (status === "undone" && !turn.classList.contains("undone")) {
        turn.classList.add("undone");
        turn.querySelector(".msg-assistant").appendChild(R.el("p", "undone-note", L.undone_note));
      }
    }

    function setWorkflow(turn, workflow) {
      const node = turn.querySelector(".workflow");
      if (workflow && node) node.textContent = workflow;
    }

    // 👍 / 👎 (rating 1, -1; 0: none) and the comment, as the server stored them.
    function setRating(turn, rating, comment) {
      turn.dataset.rating = String(rating);
      for (const rate of turn.querySelectorAll(".rating .rate")) {
        rate.setAttribute("aria-pressed", String(rate.dataset.rating === String(rating)));
      }
      const box = turn.querySelector(".your-comment");
      box.querySelector(".comment-text").textContent = comment || "";
      box.hidden = !comment;
    }

    // Rating is offered once the run has ended: it rates an answer.
    function offerRating(turn) {
      const group = turn.querySelector(".rating");
      if (group) group.hidden = false;
    }

    // The comment box under a turn (one at a time), filled with what was saved.
    function commentBox(turn, maxChars, onSave) {
      turnsEl.querySelectorAll("form.feedback-comment").forEach((form) => form.remove());
      const form = R.el("form", "feedback-comment");
      const input = R.el("input");
      input.type = "text";
      input.maxLength = maxChars;
      input.placeholder = L.comment_placeholder;
      input.setAttribute("aria-label", L.comment);
      input.value = turn.querySelector(".comment-text").textContent;
      const save = R.el("button", null, L.comment_save);
      save.type = "submit";
      R.append(form, input, save);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        onSave(input.value.trim());
        form.remove();
      });
      turn.querySelector(".run-meta").after(form);
      input.focus();
    }

    // The turn Undo reverts now gets the Undo button; no other does.
    function markUndoTarget(runId) {
      for (const undo of turnsEl.querySelectorAll(".undo-turn")) {
        undo.hidden = undo.closest(".turn").dataset.runId !== String(runId);
      }
    }

    // startedAt (ms since the epoch) shows "Thinking… 1.2 s" under the turn; null hides it.
    function thinking(turn, startedAt) {
      let box = turn.querySelector(".thinking");
      clearInterval(turn.thinkingTimer);
      if (startedAt === null) {
        box?.remove();
        return;
      }
      if (!box) {
        box = R.append(R.el("p", "thinking"), R.el("span", "thinking-label", L.thinking), R.el("span", "thinking-time"));
        turn.querySelector(".answer-text").before(box);
      }
      const draw = () => {
        const seconds = Math.max(0, Date.now() - startedAt) / 1000;
        box.querySelector(".thinking-time").textContent = " " + seconds.toFixed(1) + " s";
      };
      draw();
      turn.thinkingTimer = setInterval(draw, THINKING_TICK_MS);
    }

    function streamAnswer(turn, text) {
      const node = turn.querySelector(".answer-text");
      node.classList.add("streaming");
      node.appendChild(document.createTextNode(text));
      scrollDown();
    }

    // Cards and sources in the words of the question's language (as the server renders them).
    function showAnswer(turn, text, cards, sources) {
      thinking(turn, null);
      turn.querySelector(".answer-text").classList.remove("streaming");
      turn.querySelector(".answer-text").textContent = text || "";
      const box = turn.querySelector(".cards");
      const W = wordsOf(turn);
      for (const card of cards) R.append(box, R.card(card, W));
      // A web answer's sources have cards of their own: list them once.
      const hasSourceCards = cards.some((card) => card && card.kind === "source");
      if (Array.isArray(sources) && sources.length && !hasSourceCards) box.after(R.sources(sources, W.words));
      scrollDown();
    }

    function confirmBox(turn, data, enabled, onDecide) {
      const box = R.el("div", "confirm");
      box.dataset.actionId = String(data.action_id);
      box.appendChild(R.el("p", "confirm-text", data.text || data.tool));
      for (const [decision, label] of [["approve", L.approve], ["reject", L.reject]]) {
        const button = R.el("button", "confirm-" + decision, label);
        button.type = "button";
        button.disabled = !enabled;
        button.addEventListener("click", () => {
          box.querySelectorAll("button").forEach((b) => (b.disabled = true));
          onDecide(decision);
        });
        box.appendChild(button);
      }
      turn.querySelector(".actions").appendChild(box);
      scrollDown();
    }

    function decided(turn, actionId, decision) {
      for (const box of turn.querySelectorAll(".confirm")) {
        if (box.dataset.actionId !== String(actionId)) continue;
        box.querySelectorAll("button").forEach((b) => (b.disabled = true));
        box.classList.add("decided");
        box.appendChild(R.el("span", "confirm-result", decision === "approve" ? L.approved : L.rejected));
      }
    }

    function closeConfirms(turn) {
      turn.querySelectorAll(".confirm button").forEach((b) => (b.disabled = true));
    }

    return {
      newTurn, attach, markOrigin, note, setStatus, setWorkflow, thinking, streamAnswer, showAnswer, confirmBox, decided,
      closeConfirms, setRating, offerRating, commentBox, markUndoTarget,
    };
  }

  window.AgentwebTurns = { create };
})();
