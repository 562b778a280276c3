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

  function create(turnsEl, L) {
    function scrollDown() {
      window.requestAnimationFrame(() => turnsEl.lastElementChild?.scrollIntoView({ block: "end" }));
    }

    function newTurn(question) {
      const turn = R.el("li", "turn");
      turn.dataset.status = "sending";
      const meta = R.append(R.el("p", "run-meta"), R.el("span", "status", L.sending), R.el("span", "workflow"));
      R.append(
        turn,
        R.append(R.el("div", "msg msg-player"), R.el("p", "msg-text", question)),
        R.append(R.el("div", "msg msg-assistant"), R.el("p", "msg-text answer-text"), R.el("div", "cards"),
          R.el("div", "actions"), meta)
      );
      turnsEl.appendChild(turn);
      scrollDown();
      return turn;
    }

    function attach(turn, runId) {
      turn.dataset.runId = String(runId);
      if (turn.querySelector(".show-trace")) return;
      const button = R.el("button", "show-trace link", L.show_trace);
      button.type = "button";
      button.dataset.runId = String(runId);
      turn.querySelector(".run-meta").appendChild(button);
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
      if (workflow) turn.querySelector(".workflow").textContent = workflow;
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

    function showAnswer(turn, text, cards, sources) {
      thinking(turn, null);
      turn.querySelector(".answer-text").classList.remove("streaming");
      turn.querySelector(".answer-text").textContent = text || "";
      const box = turn.querySelector(".cards");
      for (const card of cards) R.append(box, R.card(card, L));
      // A web answer's sources have cards of their own: list them once.
      const hasSourceCards = cards.some((card) => card && card.kind === "source");
      if (Array.isArray(sources) && sources.length && !hasSourceCards) box.after(R.sources(sources, L));
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
      newTurn, attach, note, setStatus, setWorkflow, thinking, streamAnswer, showAnswer, confirmBox, decided,
      closeConfirms,
    };
  }

  window.AgentwebTurns = { create };
})();
