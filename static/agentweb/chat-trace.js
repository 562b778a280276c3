// The live trace panel: one entry per run event, and the budget meters.
//
// Entries follow the event kinds of SPEC §15 (agentweb/engine/events.py).
// Model and tool text goes in through textContent only (R-SEC-1).
(function () {
  "use strict";

  const R = window.AgentwebRender;
  // The time-left meter ticks this often while a run is active.
  const TICK_MS = 250;
  // Longer answers are cut in the trace; the conversation shows them whole.
  const TRACE_TEXT_CHARS = 280;

  function clip(text, limit) {
    text = String(text || "");
    return text.length > limit ? text.slice(0, limit - 1) + "…" : text;
  }

  function compact(value) {
    try {
      return JSON.stringify(value);
    } catch (e) {
      return String(value);
    }
  }

  function folded(title, value) {
    const details = R.el("details", "trace-detail");
    details.appendChild(R.el("summary", null, title));
    details.appendChild(R.json(value));
    return details;
  }

  // [title, detail node or null, extra class] for one event.
  function describe(kind, data, L) {
    switch (kind) {
      case "run.started":
        return [L.run_started, R.el("p", "trace-text", clip(data.question, TRACE_TEXT_CHARS))];
      case "route.decided": {
        const changed = (data.options && data.options.changed) || [];
        const title = L.route + ": " + (data.workflow || "?") + (data.by ? " (" + data.by + ")" : "");
        return [title + (changed.length ? " · " + changed.join(", ") : "")];
      }
      case "round.started": {
        let title = L.round + " " + data.round + "/" + data.rounds_total;
        if (data.final_only) title += " · " + L.final_round;
        return [title, null, "round"];
      }
      case "model.started":
        return [L.model_started + " · " + (data.purpose || ""), null, "pending"];
      case "model.called": {
        let title = L.model_call + " · " + (data.purpose || "") + " · " + (data.tokens_in || 0) + "+" +
          (data.tokens_out || 0) + " " + L.tokens + " · " + Math.round(data.latency_ms || 0) + " ms";
        if (data.ttft_ms != null) title += " · " + L.first_token + " " + Math.round(data.ttft_ms) + " ms";
        if (data.tokens_per_s != null) title += " · " + Math.round(data.tokens_per_s) + " tok/s";
        return [title, null, data.partial ? "bad" : null];
      }
      case "decision":
        if (data.type === "answer") return [L.decision + ": " + L.decision_answer];
        return [L.decision + ": " + data.type, R.el("code", "trace-input", compact(data.input))];
      case "tool.started":
        return [L.tool_call + ": " + data.tool, R.el("code", "trace-input", compact(data.input))];
      case "tool.finished":
        return [
          L.observation + ": " + data.tool + " · " + Math.round(data.latency_ms || 0) + " ms",
          folded(L.observation, data.observation),
        ];
      case "answer":
        return [L.answer, R.el("p", "trace-text", clip(data.text, TRACE_TEXT_CHARS))];
      case "failure":
        return [L.failure + ": " + (data.failure || "") + " — " + (data.message || ""), null, "bad"];
      case "degraded": {
        const failure = data.failure || {};
        return [L.degraded + ": " + (failure.message || failure.failure || ""), null, "bad"];
      }
      case "rethink":
        return [L.rethink];
      case "context.compressed":
        return [L.compressed];
      case "inbox.queued":
        return [L.inbox_queued, R.el("p", "trace-text", clip(data.text, TRACE_TEXT_CHARS))];
      case "inbox.claimed":
        return [L.inbox_claimed];
      case "action.pending":
        return [L.action_pending + ": " + (data.text || data.tool || ""), null, "pending"];
      case "action.confirmed":
        return [L.action_confirmed + ": " + (data.decision === "approve" ? L.approved : L.rejected)];
      case "run.finished": {
        const status = L["status_" + data.status] || data.status;
        const reason = data.stop_reason && data.stop_reason.message;
        return [L.run_finished + ": " + status + (reason ? " — " + reason : ""), null, "finished"];
      }
      default:
        return [kind];
    }
  }

  function entry(frame, L) {
    const data = frame.data || {};
    const [title, detail, extra] = describe(frame.kind, data, L);
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
    let startedAt = null;
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

    // From the first event: the time spent, until the budget says how much is left.
    function tick() {
      if (deadline === null) {
        if (startedAt !== null) draw("time", 0, 0, seconds(Date.now() - startedAt));
        return;
      }
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
      startedAt = null;
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
        if (frame.kind === "run.started") {
          // The event's own time, so a replayed run does not restart the clock.
          startedAt = Date.parse(frame.ts) || Date.now();
          run();
        } else if (frame.kind === "round.started") {
          set("rounds", data.round, data.rounds_total);
          if (data.budget) {
            deadline = (Date.parse(frame.ts) || Date.now()) + budget(data.budget);
            run();
          }
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
