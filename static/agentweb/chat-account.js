// What the chat page shows of the player herself: today's assistant calls against her
// quota (GET /api/me, read again after each of her runs) and her 👍 / 👎 and comment on
// each answer (run.feedback frames, SPEC §15b).
//
// The turns' DOM is chat-turns.js's; this file only decides what a click means and
// what a frame changes. Text goes in through textContent only (R-SEC-1).
(function () {
  "use strict";

  // options: L (the page's words), boot, turnsEl, turns (chat-turns.js), send(frame)
  function create({ L, boot, turnsEl, turns, send }) {
    const quotaEl = document.getElementById("quota");

    function showQuota(quota) {
      if (!quota || !quotaEl) return;
      const meter = quotaEl.querySelector("meter");
      meter.max = Math.max(quota.model_calls_limit, 1);
      meter.value = Math.min(quota.model_calls_used, meter.max);
      quotaEl.querySelector(".quota-text").textContent = quota.model_calls_used + " / " + quota.model_calls_limit;
      const reset = new Date(quota.resets_at).toLocaleString();
      quotaEl.title = L.quota_title.replace("%(used)s", quota.model_calls_used)
        .replace("%(limit)s", quota.model_calls_limit).replace("%(reset)s", reset);
      quotaEl.dataset.used = String(quota.model_calls_used);
    }

    async function refreshQuota() {
      try {
        const response = await fetch(boot.me_url, { credentials: "same-origin", headers: { Accept: "application/json" } });
        if (response.ok) showQuota((await response.json()).quota);
      } catch (e) {
        // The meter is a convenience: it catches up after the next run.
      }
    }

    function rate(turn, rating, comment) {
      send({ type: "run.feedback", run_id: Number(turn.dataset.runId), rating, comment });
    }

    // A click in the conversation: 👍 / 👎 (again: cleared) or "Comment".
    function onClick(event) {
      const turn = event.target.closest(".turn[data-run-id]");
      if (!turn) return;
      const comment = turn.querySelector(".comment-text").textContent;
      const pressed = event.target.closest(".rating .rate");
      if (pressed) {
        const value = Number(pressed.dataset.rating);
        const rating = turn.dataset.rating === String(value) ? 0 : value;
        rate(turn, rating, rating ? comment : "");
        // A 👎 asks what was wrong (optional).
        if (rating === -1) turns.commentBox(turn, boot.max_comment_chars, (text) => rate(turn, -1, text));
      } else if (event.target.closest(".rate-comment")) {
        const rating = Number(turn.dataset.rating) || 1;
        turns.commentBox(turn, boot.max_comment_chars, (text) => rate(turn, rating, text));
      }
    }

    // The feedback as stored (this tab's, another tab's, or the API's).
    function rated(frame) {
      const turn = turnsEl.querySelector('.turn[data-run-id="' + Number(frame.run_id) + '"]');
      if (turn) turns.setRating(turn, frame.rating, frame.comment);
    }

    return { showQuota, refreshQuota, onClick, rated };
  }

  window.AgentwebAccount = { create };
})();
