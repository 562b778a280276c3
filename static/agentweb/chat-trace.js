// The live trace panel: one entry per run event, and the budget meters.
//
// Each entry says what render.js's describe() says of its event (the trace
// viewer shows the same words). Model and tool text goes in through
// textContent only (R-SEC-1).
(function () {
  "use strict";

  const R = window.AgentwebRender;
  // The time-left meter ticks this often while a run is active.
  const TICK_MS = 250;

  function entry(frame, L) {
    const data = frame.data || {};
    const [title, detail, extra] = R.describe(frame.kind, data, L);
    const li = R.el("li", "trace-entry" + (extra ? " " + extra : ""));
    li.dataset.kind = frame.kind;
    li.dataset.seq = String(frame.seq);
    li.appendChild(R.el("span", "trace-seq", "#" + frame.seq));
    li.appendChild(R.el("span", "trace-title", title));
    if (detail) li.appendChild(detail);
    return li;
  }

  // --- budget meters ------------------------------------------------------------
  // Numbers of the followed run: [used, limit] per meter, shown as "used / limit".
  function meters(root) {
    const COUNTED = ["rounds", "model_calls", "tool_calls", "tokens"];
    let followed = null;
    let state = {};
    let deadline = null;
    let ttl = 0;
    let timer = null;

    function draw(name, used, limit, text) {
      const row = root.querySelector('[data-meter="' + name + '"]');
      if (!row) return;
      const meter = row.querySelector("meter");
      meter.max = Math.max(limit || 0, 1);
      meter.value = Math.max(0, Math.min(used || 0, meter.max));
      row.querySelector(".meter-text").textContent = text || (used || 0) + " / " + (limit || "–");
    }

    function set(name, used, limit) {
      state[name] = [used || 0, limit || 0];
      draw(name, used, limit);
    }

    function add(name, amount) {
      const [used, limit] = state[name] || [0, 0];
      set(name, used + amount, limit);
    }

    function seconds(ms) {
      return (Math.max(ms, 0) / 1000).toFixed(1) + " s";
    }

    // The time left, once a budget says how much there is (run.started carries the first).
    function tick() {
      if (deadline === null) return;
      const left = deadline - Date.now();
      draw("time", left, ttl, seconds(left));
      if (left <= 0) stop();
    }

    function run() {
      if (!timer) timer = setInterval(tick, TICK_MS);
      tick();
    }

    function stop() {
      clearInterval(timer);
      timer = null;
      deadline = null;
    }

    // The clock runs from the budget's event: its time less what the run had spent by then.
    function countDown(frame, budgetData) {
      deadline = (Date.parse(frame.ts) || Date.now()) + budget(budgetData);
      run();
    }

    // Usage vs. limits as the server counts them (ExecutionContext.limits()).
    function budget(b) {
      const usage = b.usage || {};
      const limits = b.limits || {};
      set("model_calls", usage.model_calls, limits.model_calls);
      set("tool_calls", usage.tool_calls, limits.tool_calls);
      set("tokens", usage.total_tokens, limits.total_tokens);
      ttl = limits.ttl_ms || 0;
      return ttl - (b.elapsed_ms || 0);
    }

    return {
      follow(runId) {
        followed = runId;
        state = {};
        stop();
        for (const name of [...COUNTED, "time"]) draw(name, 0, 0, "–");
      },
      apply(runId, frame) {
        if (runId !== followed) return;
        const data = frame.data || {};
        // The events' own times, so a replayed run does not restart the clock.
        if (frame.kind === "run.started") {
          if (data.budget) countDown(frame, data.budget);
        } else if (frame.kind === "round.started") {
          set("rounds", data.round, data.rounds_total);
          if (data.budget) countDown(frame, data.budget);
        } else if (frame.kind === "model.called") {
          add("model_calls", 1);
          add("tokens", (data.tokens_in || 0) + (data.tokens_out || 0));
        } else if (frame.kind === "tool.started") {
          add("tool_calls", 1);
        } else if (frame.kind === "run.finished") {
          stop();
          if (data.usage) {
            const left = budget(data.usage);
            const rounds = data.usage.rounds;
            if (rounds) set("rounds", rounds.used, rounds.limit);
            draw("time", left, ttl, seconds(left));
          }
        }
      },
    };
  }

  window.AgentwebTrace = { entry, meters };
})();
