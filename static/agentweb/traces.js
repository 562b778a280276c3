// The trace viewer's live part (R-UI-2): a running run's detail page follows
// its events over the websocket /ws/assistant/ (SPEC §15).
//
// The page rendered every event up to boot.after_seq; this script subscribes
// after it ({"type":"run.subscribe","run_id":N,"after_seq":K}) and appends one
// row per new event, named as the chat page's trace names it (render.js). The
// server replays anything missed first, and seq tells duplicates apart, so a
// reconnect (socket.js) resumes exactly where the page stopped.
// Model and tool text only ever reaches the page through textContent (R-SEC-1).
(function () {
  "use strict";

  const R = window.AgentwebRender;
  const bootEl = document.getElementById("trace-boot");
  if (!bootEl) return;
  const boot = JSON.parse(bootEl.textContent);
  if (!boot.active) return;

  const L = boot.labels;
  const list = document.getElementById("live-events");
  const stateEl = document.getElementById("live-state");
  const statusEl = document.getElementById("run-status");
  let lastSeq = boot.after_seq || 0;
  let finished = false;

  function setState(state, text) {
    if (!stateEl) return;
    stateEl.dataset.state = state;
    stateEl.textContent = text;
  }

  function append(frame) {
    const failed = frame.kind === "failure" || frame.kind === "degraded";
    const row = R.el("li", "tv-step tv-live-step" + (failed ? " tv-failed" : ""));
    row.dataset.seq = String(frame.seq);
    row.dataset.kind = frame.kind;
    const head = R.el("div", "tv-step-head");
    head.appendChild(R.el("span", "tv-seq", "#" + frame.seq));
    head.appendChild(R.el("span", "tv-name", R.describe(frame.kind, frame.data || {}, L)[0]));
    head.appendChild(R.el("span", "tv-at", new Date(frame.ts).toLocaleTimeString()));
    row.appendChild(head);
    const details = R.el("details", "tv-step-body tv-io");
    details.appendChild(R.el("summary", null, "data"));
    details.appendChild(R.el("pre", "tv-json", JSON.stringify(frame.data, null, 2)));
    row.appendChild(details);
    list.appendChild(row);
  }

  function onFinished(data) {
    finished = true;
    socket.close();
    if (statusEl) {
      statusEl.textContent = data.status;
      statusEl.className = "tv-status tv-status-" + data.status;
    }
    document.getElementById("run").dataset.status = data.status;
    setState("finished", "The run finished (" + data.status + "). ");
    if (stateEl) {
      const reload = R.el("a", null, "Reload for the full timeline");
      reload.href = window.location.pathname;
      stateEl.appendChild(reload);
    }
  }

  function onFrame(frame) {
    if (frame.type === "error") {
      setState("error", "Live updates refused: " + frame.message);
      return;
    }
    if (frame.type !== "run.event" || frame.run_id !== boot.run_id || frame.seq <= lastSeq) return;
    lastSeq = frame.seq;
    append(frame);
    if (frame.kind === "run.finished") onFinished(frame.data || {});
  }

  const socket = window.AgentwebSocket.open(boot.ws_path, {
    onState(state) {
      if (finished) return;
      if (state === "connected") setState("live", "Live: following this run as it goes.");
      else if (state === "reconnecting") setState("reconnecting", "Connection lost; reconnecting…");
    },
    onOpen() {
      socket.send({ type: "run.subscribe", run_id: boot.run_id, after_seq: lastSeq });
    },
    onFrame,
  });
})();
