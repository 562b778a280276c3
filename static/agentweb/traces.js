// The trace viewer's live part (R-UI-2): a running run's detail page follows
// its events over the websocket /ws/assistant/ (SPEC §15).
//
// The page rendered every event up to boot.after_seq; this script subscribes
// after it ({"type":"run.subscribe","run_id":N,"after_seq":K}) and appends one
// row per new event, named as the chat page's trace names it (render.js). The
// server replays anything missed first, and seq tells duplicates apart, so a
// reconnect (socket.js) resumes exactly where the page stopped. The workflow is
// filled in once routed, the round as each starts, the duration each second;
// when run.finished arrives, the page reads itself again
// and puts the finished run in place (status, marks, duration, budget, the full
// timeline and the answer) without a reload.
// Model and tool text only ever reaches the page through textContent, or as the
// server's own escaped rendering of this page (R-SEC-1).
(function () {
  "use strict";

  const R = window.AgentwebRender;
  const bootEl = document.getElementById("trace-boot");
  if (!bootEl) return;
  const boot = JSON.parse(bootEl.textContent);
  if (!boot.active) return;

  const L = boot.labels;
  const W = boot.live_words;
  let lastSeq = boot.after_seq || 0;
  let finished = false;

  function setState(state, text) {
    const stateEl = document.getElementById("live-state");
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
    details.appendChild(R.el("summary", null, W.data));
    details.appendChild(R.el("pre", "tv-json", JSON.stringify(frame.data, null, 2)));
    row.appendChild(details);
    document.getElementById("live-events").appendChild(row);
  }

  // The finished run as the server renders it now, in place of the live view.
  async function showFinished() {
    try {
      const response = await fetch(window.location.pathname, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!response.ok) throw new Error(String(response.status));
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("run");
      if (!fresh) throw new Error("no run on the page");
      document.getElementById("run").replaceWith(document.adoptNode(fresh));
    } catch (e) {
      const link = R.el("a", null, W.finished);
      link.href = window.location.pathname;
      setState("finished", "");
      document.getElementById("live-state")?.appendChild(link);
    }
  }

  // While it runs: its duration so far, each second (the finished page has the exact one).
  const started = Date.parse(boot.created_at);
  function tick() {
    const el = document.getElementById("run-duration");
    if (finished || !el || Number.isNaN(started)) return;
    el.textContent = Math.max(0, Math.floor((Date.now() - started) / 1000)) + " s";
  }
  tick();
  const ticking = setInterval(tick, 1000);

  function onFinished(data) {
    finished = true;
    clearInterval(ticking);
    socket.close();
    const statusEl = document.getElementById("run-status");
    if (statusEl) {
      statusEl.textContent = L["status_" + data.status] || data.status;
      statusEl.className = "tv-status tv-status-" + data.status;
    }
    document.getElementById("run").dataset.status = data.status;
    document.querySelector('#run-flags [data-flag="active"]')?.remove();
    setState("finished", W.finished);
    showFinished();
  }

  function onFrame(frame) {
    if (frame.type === "error") {
      setState("error", W.refused + " " + frame.message);
      return;
    }
    if (frame.type !== "run.event" || frame.run_id !== boot.run_id || frame.seq <= lastSeq) return;
    lastSeq = frame.seq;
    append(frame);
    const data = frame.data || {};
    if (frame.kind === "route.decided" && data.workflow) {
      document.getElementById("run-workflow").textContent = data.workflow;
    }
    const rounds = document.getElementById("run-rounds");
    if (frame.kind === "round.started" && rounds && Number.isInteger(data.round)) {
      rounds.textContent = data.round + " / " + data.rounds_total;
    }
    if (frame.kind === "run.finished") onFinished(data);
  }

  const socket = window.AgentwebSocket.open(boot.ws_path, {
    onState(state) {
      if (finished) return;
      if (state === "connected") setState("live", W.live);
      else if (state === "reconnecting") setState("reconnecting", W.reconnecting);
    },
    onOpen() {
      socket.send({ type: "run.subscribe", run_id: boot.run_id, after_seq: lastSeq });
    },
    onFrame,
  });
})();
