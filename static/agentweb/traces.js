// The trace viewer's live part (R-UI-2): a running run's detail page follows
// its events over the websocket /ws/assistant/ (SPEC §15).
//
// The page rendered every event up to boot.after_seq; this script subscribes
// after it ({"type":"run.subscribe","run_id":N,"after_seq":K}) and appends one
// row per new event. The server replays anything missed first, and seq tells
// duplicates apart, so a reconnect resumes exactly where the page stopped.
// Model and tool text only ever reaches the page through textContent (R-SEC-1).
(function () {
  "use strict";

  const bootEl = document.getElementById("trace-boot");
  if (!bootEl) return;
  const boot = JSON.parse(bootEl.textContent);
  if (!boot.active) return;

  // Reconnect delays double from BASE up to MAX.
  const BACKOFF_BASE_MS = 500;
  const BACKOFF_MAX_MS = 10000;
  const list = document.getElementById("live-events");
  const stateEl = document.getElementById("live-state");
  const statusEl = document.getElementById("run-status");
  let lastSeq = boot.after_seq || 0;
  let retries = 0;
  let finished = false;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function ms(value) {
    if (typeof value !== "number") return "";
    return value < 1000 ? value.toFixed(value < 10 ? 1 : 0) + " ms" : (value / 1000).toFixed(2) + " s";
  }

  // A one-line name for an event, like the server-rendered rows.
  function describe(kind, data) {
    switch (kind) {
      case "model.started":
        return "model · " + data.purpose + " (" + data.prompt + ") · started";
      case "model.called":
        return "model · " + data.purpose + " (" + data.prompt + ") · " +
          data.tokens_in + "+" + data.tokens_out + " tokens · " + ms(data.latency_ms) +
          (data.ttft_ms != null ? " · first token " + ms(data.ttft_ms) : "") +
          (data.tokens_per_s != null ? " · " + Math.round(data.tokens_per_s) + " tokens/s" : "");
      case "tool.started":
        return "tool · " + data.tool + " started";
      case "tool.finished":
        return "tool · " + data.tool + " · " + ms(data.latency_ms);
      case "round.started":
        return "round " + data.round + " of " + data.rounds_total + (data.final_only ? " · final only" : "");
      case "decision":
        return "decision · " + (data.type || "answer");
      case "failure":
        return "failure · " + data.failure + ": " + (data.message || "");
      case "route.decided":
        return "route → " + data.workflow;
      case "run.finished":
        return "finished · " + data.status;
      default:
        return kind;
    }
  }

  function setState(state, text) {
    if (!stateEl) return;
    stateEl.dataset.state = state;
    stateEl.textContent = text;
  }

  function append(frame) {
    const failed = frame.kind === "failure" || frame.kind === "degraded";
    const row = el("li", "tv-step tv-live-step" + (failed ? " tv-failed" : ""));
    row.dataset.seq = String(frame.seq);
    row.dataset.kind = frame.kind;
    const head = el("div", "tv-step-head");
    head.appendChild(el("span", "tv-seq", "#" + frame.seq));
    head.appendChild(el("span", "tv-name", describe(frame.kind, frame.data || {})));
    head.appendChild(el("span", "tv-at", new Date(frame.ts).toLocaleTimeString()));
    row.appendChild(head);
    const details = el("details", "tv-step-body tv-io");
    details.appendChild(el("summary", null, "data"));
    details.appendChild(el("pre", "tv-json", JSON.stringify(frame.data, null, 2)));
    row.appendChild(details);
    list.appendChild(row);
  }

  function onFinished(data) {
    finished = true;
    if (statusEl) {
      statusEl.textContent = data.status;
      statusEl.className = "tv-status tv-status-" + data.status;
    }
    document.getElementById("run").dataset.status = data.status;
    setState("finished", "The run finished (" + data.status + "). ");
    if (stateEl) {
      const reload = el("a", null, "Reload for the full timeline");
      reload.href = window.location.pathname;
      stateEl.appendChild(reload);
    }
  }

  function onFrame(text) {
    let frame;
    try {
      frame = JSON.parse(text);
    } catch (err) {
      return;
    }
    if (frame.type === "error") {
      setState("error", "Live updates refused: " + frame.message);
      return;
    }
    if (frame.type !== "run.event" || frame.run_id !== boot.run_id || frame.seq <= lastSeq) return;
    lastSeq = frame.seq;
    append(frame);
    if (frame.kind === "run.finished") onFinished(frame.data || {});
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + window.location.host + boot.ws_path);
    ws.addEventListener("open", () => {
      retries = 0;
      setState("live", "Live: following this run as it goes.");
      ws.send(JSON.stringify({ type: "run.subscribe", run_id: boot.run_id, after_seq: lastSeq }));
    });
    ws.addEventListener("message", (event) => {
      onFrame(event.data);
      if (finished) ws.close();
    });
    ws.addEventListener("close", () => {
      if (finished) return;
      setState("reconnecting", "Connection lost; reconnecting…");
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retries);
      retries += 1;
      setTimeout(connect, delay);
    });
  }

  connect();
})();
