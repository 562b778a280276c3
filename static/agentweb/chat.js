// The chat page's live part (R-UI-1): the websocket /ws/assistant/ (SPEC §15).
//
// Why a plain WebSocket and not htmx's ws extension: the server sends JSON
// frames, while the extension parses every incoming frame as HTML and swaps
// it into the page — the opposite of R-SEC-1's "textContent only" for model
// and tool text. Its reconnect also fires only for some close codes, and its
// send queue forgets frames that went out but were never acknowledged; this
// page must resend unacknowledged chat.send frames (same client_msg_id, so the
// server runs them once) and resume each run with run.subscribe + after_seq on
// every reconnect. htmx still serves the server-rendered parts (older history).
(function () {
  "use strict";

  const R = window.AgentwebRender;
  const T = window.AgentwebTrace;
  const boot = JSON.parse(document.getElementById("chat-boot").textContent);
  const L = boot.labels;

  // Reconnect delays double from BASE up to MAX, with jitter so that many
  // pages do not all come back at the same moment after a server restart.
  const BACKOFF_BASE_MS = 400;
  const BACKOFF_MAX_MS = 15000;
  // A run.subscribe that brought nothing may be asked again after this long.
  const RESYNC_MS = 2000;
  // Notices fade after this long; errors stay longer.
  const NOTICE_MS = 8000;
  const ERROR_NOTICE_MS = 20000;
  // The server refuses bigger messages (policy inputBytes); say so before sending.
  const MAX_MESSAGE_BYTES = 65536;
  const FINISHED = new Set(["completed", "degraded", "cancelled", "failed", "undone", "interrupted"]);
  // Refusals of a chat.send. Error frames carry no client_msg_id, but the
  // server answers frames in order, so such an error is about the oldest
  // message still waiting for its acknowledgement.
  const CHAT_ERRORS = new Set(["empty_message", "message_too_large", "frame_too_large"]);
  // A queued message becomes its own run when the active run ends; the server
  // does not announce that run, so the page asks again (same client_msg_id,
  // idempotent) until the answer names the new run.
  const PROMOTE_POLL_MS = 600;
  const PROMOTE_POLLS = 25;

  const turnsEl = document.getElementById("turns");
  const tracesEl = document.getElementById("traces");
  const noticesEl = document.getElementById("notices");
  const connEl = document.getElementById("conn");
  const inboxEl = document.getElementById("inbox");
  const input = document.getElementById("message");
  const allowWeb = document.getElementById("allow-web");
  const meters = T.meters(document.getElementById("meters"));

  const runs = new Map(); // run id → what the page knows about that run
  const pending = new Map(); // client_msg_id → a sent message not yet acknowledged
  const outbox = []; // control frames sent while disconnected
  let socket = null;
  let retries = 0;
  // Messages queued before this page loaded; the page's own are in `pending`.
  let otherQueued = boot.queued || 0;
  let promotePolls = 0;

  // --- small helpers -------------------------------------------------------------
  function notice(text, isError) {
    const node = R.el("p", "notice" + (isError ? " notice-error" : ""), text);
    noticesEl.appendChild(node);
    setTimeout(() => node.remove(), isError ? ERROR_NOTICE_MS : NOTICE_MS);
  }

  function randomId() {
    // getRandomValues works on plain http too (randomUUID needs a secure context).
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function setConn(state) {
    connEl.dataset.state = state;
    connEl.textContent = L[state] || state;
  }

  function queuedMessages() {
    return [...pending.values()].filter((message) => message.state === "queued");
  }

  function updateInbox() {
    otherQueued = Math.max(0, otherQueued);
    const count = otherQueued + queuedMessages().length;
    inboxEl.hidden = count === 0;
    inboxEl.querySelector(".inbox-count").textContent = String(count);
  }

  function scrollDown() {
    window.requestAnimationFrame(() => turnsEl.lastElementChild?.scrollIntoView({ block: "end" }));
  }

  // --- the socket ----------------------------------------------------------------
  function send(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  function sendControl(frame) {
    if (!send(frame)) outbox.push(frame);
  }

  function connect() {
    setConn(retries ? "reconnecting" : "connecting");
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + window.location.host + boot.ws_path);
    socket = ws;
    ws.addEventListener("open", () => {
      retries = 0;
      setConn("connected");
      resume();
    });
    ws.addEventListener("message", (event) => onFrame(event.data));
    ws.addEventListener("close", () => {
      if (socket !== ws) return;
      socket = null;
      setConn("reconnecting");
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retries);
      retries += 1;
      setTimeout(connect, delay / 2 + (Math.random() * delay) / 2);
    });
  }

  // After (re)connecting: replay what each watched run missed, then resend
  // messages nobody acknowledged, then control frames typed while offline.
  function resume() {
    for (const run of runs.values()) {
      if (run.active || run.watched) subscribe(run);
    }
    for (const message of pending.values()) {
      if (message.state === "sending") sendChat(message);
    }
    while (outbox.length) send(outbox.shift());
  }

  function subscribe(run) {
    run.resyncAt = Date.now();
    send({ type: "run.subscribe", run_id: run.id, after_seq: run.lastSeq });
  }

  function onFrame(text) {
    let frame;
    try {
      frame = JSON.parse(text);
    } catch (e) {
      return;
    }
    if (!frame || typeof frame !== "object") return;
    if (frame.type === "run.event") return onEvent(frame);
    if (frame.type === "chat.accepted") return accepted(frame);
    if (frame.type === "memory.forgotten") return notice(L.forgotten);
    if (frame.type === "error") {
      if (CHAT_ERRORS.has(frame.code)) refuseOldest();
      notice(L.error + ": " + (frame.message || frame.code || ""), true);
    }
  }

  // --- runs and their events -----------------------------------------------------
  function runView(id) {
    let run = runs.get(id);
    if (run) return run;
    run = { id, lastSeq: 0, buffer: new Map(), active: false, watched: false, answered: false,
      turn: null, trace: null, toolCards: [], resyncAt: 0 };
    const existing = turnsEl.querySelector('.turn[data-run-id="' + Number(id) + '"]');
    if (existing) adoptTurn(run, existing);
    runs.set(id, run);
    return run;
  }

  function adoptTurn(run, turn) {
    run.turn = turn;
    turn.dataset.runId = String(run.id);
    run.answered = turn.dataset.answered === "1";
    // A server-rendered turn: later events (an undo) continue after what it shows.
    if (run.answered && run.lastSeq === 0) run.lastSeq = Number(turn.dataset.lastSeq) || 0;
    if (!turn.querySelector(".show-trace")) {
      const button = R.el("button", "show-trace link", L.show_trace);
      button.type = "button";
      button.dataset.runId = String(run.id);
      turn.querySelector(".run-meta").appendChild(button);
    }
  }

  // Events are rendered strictly in seq order, each once: duplicates from a
  // replay are dropped, and a gap asks the server to replay from the last seq.
  function onEvent(frame) {
    const seq = frame.seq;
    if (!Number.isInteger(frame.run_id) || !Number.isInteger(seq)) return;
    const run = runView(frame.run_id);
    if (seq <= run.lastSeq) return;
    run.buffer.set(seq, frame);
    while (run.buffer.has(run.lastSeq + 1)) {
      const next = run.buffer.get(run.lastSeq + 1);
      run.buffer.delete(run.lastSeq + 1);
      run.lastSeq += 1;
      render(run, next);
    }
    if (run.buffer.size && Date.now() - run.resyncAt > RESYNC_MS) subscribe(run);
  }

  function render(run, frame) {
    const data = frame.data || {};
    const kind = frame.kind;
    if (kind === "run.started") {
      run.active = !run.answered;
      meters.follow(run.id);
    }
    ensureTurn(run, data);
    traceFor(run).appendChild(T.entry(frame, L));
    meters.apply(run.id, frame);
    if (kind === "tool.finished" && data.card) run.toolCards.push(data.card);
    else if (kind === "answer") showAnswer(run, data.text, data.cards, data.sources);
    else if (kind === "degraded" && data.text) showAnswer(run, data.text, run.toolCards, []);
    else if (kind === "inbox.queued") onQueued(data);
    else if (kind === "inbox.claimed") onClaimed(data.messages || []);
    else if (kind === "action.pending") showConfirm(run, data);
    else if (kind === "action.confirmed") decided(run, data.action_id, data.decision);
    else if (kind === "run.finished") finished(run, data);
    if (!run.answered || kind === "run.finished") scrollTrace(run);
  }

  function ensureTurn(run, data) {
    if (run.turn) return run.turn;
    // Our own message waiting for its run: matched by id, else by its text.
    let match = data.client_msg_id && pending.get(data.client_msg_id);
    if (!match) {
      for (const message of pending.values()) {
        if (message.text === data.question) {
          match = message;
          break;
        }
      }
    }
    if (match) {
      pending.delete(match.id);
      adoptTurn(run, match.turn);
    } else {
      adoptTurn(run, newTurn(data.question || ""));
    }
    setStatus(run, "running");
    return run.turn;
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

  function traceFor(run) {
    if (run.trace) return run.trace;
    tracesEl.querySelector(".empty-trace")?.remove();
    if (!run.answered) tracesEl.querySelectorAll("details.trace").forEach((d) => (d.open = false));
    const details = R.el("details", "trace");
    details.open = true;
    details.dataset.runId = String(run.id);
    const question = run.turn?.querySelector(".msg-player .msg-text")?.textContent || "";
    details.appendChild(R.el("summary", null, L.run + " #" + run.id + " · " + question.slice(0, 60)));
    run.trace = R.el("ol", "trace-entries");
    details.appendChild(run.trace);
    tracesEl.appendChild(details);
    return run.trace;
  }

  // Only the panel's own scroll: moving the window would pull a phone's view
  // away from the conversation down to the trace.
  function scrollTrace(run) {
    if (run.trace.parentElement.open) tracesEl.scrollTop = tracesEl.scrollHeight;
  }

  function showAnswer(run, text, cards, sources) {
    if (run.answered) return;
    run.answered = true;
    const turn = run.turn;
    turn.querySelector(".answer-text").textContent = text || "";
    const box = turn.querySelector(".cards");
    const shown = Array.isArray(cards) && cards.length ? cards : run.toolCards;
    for (const card of shown) R.append(box, R.card(card, L));
    const hasSourceCards = shown.some((card) => card && card.kind === "source");
    if (Array.isArray(sources) && sources.length && !hasSourceCards) {
      box.after(R.sources(sources, L));
    }
    scrollDown();
  }

  function finished(run, data) {
    run.active = false;
    setStatus(run, data.status);
    if (data.workflow) run.turn.querySelector(".workflow").textContent = data.workflow;
    // A stopped or failed run still tells the player why, and keeps its cards (R-LOOP-6).
    if (!run.answered && (data.text || run.toolCards.length)) showAnswer(run, data.text, run.toolCards, []);
    run.turn.querySelectorAll(".confirm button").forEach((b) => (b.disabled = true));
    if (queuedMessages().length) {
      promotePolls = PROMOTE_POLLS;
      setTimeout(askPromoted, PROMOTE_POLL_MS);
    }
  }

  function setStatus(run, status) {
    if (!status || !run.turn) return;
    const turn = run.turn;
    turn.dataset.status = status;
    const badge = turn.querySelector(".status");
    badge.className = "status status-" + status;
    badge.textContent = L["status_" + status] || status;
    if (FINISHED.has(status)) run.active = false;
    if (status === "undone" && !turn.classList.contains("undone")) {
      turn.classList.add("undone");
      turn.querySelector(".msg-assistant").appendChild(R.el("p", "undone-note", L.undone_note));
    }
  }

  // --- confirmations, inbox ------------------------------------------------------
  function showConfirm(run, data) {
    const box = R.el("div", "confirm");
    box.dataset.actionId = String(data.action_id);
    box.appendChild(R.el("p", "confirm-text", data.text || data.tool));
    for (const [decision, label] of [["approve", L.approve], ["reject", L.reject]]) {
      const button = R.el("button", "confirm-" + decision, label);
      button.type = "button";
      button.disabled = !run.active;
      button.addEventListener("click", () => {
        box.querySelectorAll("button").forEach((b) => (b.disabled = true));
        sendControl({ type: "action.confirm", run_id: run.id, action_id: data.action_id, decision });
      });
      box.appendChild(button);
    }
    run.turn.querySelector(".actions").appendChild(box);
    scrollDown();
  }

  function decided(run, actionId, decision) {
    for (const box of run.turn.querySelectorAll(".confirm")) {
      if (box.dataset.actionId !== String(actionId)) continue;
      box.querySelectorAll("button").forEach((b) => (b.disabled = true));
      box.classList.add("decided");
      box.appendChild(R.el("span", "confirm-result", decision === "approve" ? L.approved : L.rejected));
    }
  }

  // inbox.queued is written only while the run waits; ours are known from chat.accepted.
  function onQueued(data) {
    if (!queuedMessages().some((message) => message.text === data.text)) otherQueued += 1;
    updateInbox();
  }

  // The running loop read these messages: they are part of its answer now.
  function onClaimed(texts) {
    for (const text of texts) {
      const message = queuedMessages().find((m) => m.text === text);
      if (message) {
        pending.delete(message.id);
        message.turn.querySelector(".status").textContent = L.claimed;
      } else {
        otherQueued -= 1;
      }
    }
    updateInbox();
  }

  function askPromoted() {
    const queued = queuedMessages();
    if (!queued.length || promotePolls <= 0) return;
    promotePolls -= 1;
    for (const message of queued) sendChat(message);
    setTimeout(askPromoted, PROMOTE_POLL_MS);
  }

  // The server has our message: stop resending it. A queued message waits in
  // the active run's inbox; otherwise run_id is its own run, which the server
  // has already subscribed this socket to.
  function accepted(frame) {
    const message = pending.get(frame.client_msg_id);
    if (!message) return;
    if (frame.queued) {
      message.state = "queued";
      message.turn.querySelector(".status").textContent = L.queued;
      updateInbox();
      return;
    }
    pending.delete(message.id);
    updateInbox();
    if (!Number.isInteger(frame.run_id)) return;
    const run = runView(frame.run_id);
    if (!run.turn) {
      adoptTurn(run, message.turn);
      setStatus(run, "running");
    } else if (run.turn !== message.turn) {
      message.turn.remove(); // the same message sent twice, already shown
    }
    run.active = !FINISHED.has(run.turn.dataset.status);
  }

  function refuseOldest() {
    const message = [...pending.values()].find((m) => m.state === "sending");
    if (!message) return;
    pending.delete(message.id);
    message.turn.querySelector(".status").textContent = L.status_failed;
  }

  function sendChat(message) {
    send({ type: "chat.send", text: message.text, allow_web: message.allowWeb, client_msg_id: message.id });
  }

  // --- the player's actions ------------------------------------------------------
  function submit(event) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (new TextEncoder().encode(text).length > MAX_MESSAGE_BYTES) {
      notice(L.error + ": " + MAX_MESSAGE_BYTES + " bytes max", true);
      return;
    }
    const id = randomId();
    const message = { id, text, allowWeb: allowWeb.checked, state: "sending", turn: newTurn(text) };
    pending.set(id, message);
    sendChat(message);
    input.value = "";
    completion.reset();
  }

  function stop() {
    const active = [...runs.values()].filter((run) => run.active);
    if (!active.length) return notice(L.nothing_to_stop);
    for (const run of active) sendControl({ type: "run.cancel", run_id: run.id });
  }

  // Undo reverts the most recent run; the page listens to it first, so the
  // "undone" end the server appends to its events reaches this page.
  function undo() {
    const turns = turnsEl.querySelectorAll(".turn[data-run-id]:not(.undone)");
    const last = turns[turns.length - 1];
    if (!last) return notice(L.nothing_to_undo);
    const run = runView(Number(last.dataset.runId));
    if (!run.active && !run.watched) {
      run.watched = true;
      subscribe(run);
    }
    sendControl({ type: "run.undo", run_id: run.id });
  }

  // A past run's trace: replayed from its first event into the panel.
  function showTrace(runId) {
    const run = runView(runId);
    run.watched = true;
    document.getElementById("trace-details").open = true;
    if (run.trace) {
      run.trace.parentElement.open = true;
      tracesEl.scrollTop = run.trace.parentElement.offsetTop - tracesEl.offsetTop;
      return;
    }
    run.lastSeq = 0;
    run.buffer.clear();
    subscribe(run);
  }

  const completion = window.AgentwebComplete.attach({
    input,
    listEl: document.getElementById("suggestions"),
    commands: boot.commands,
    completeUrl: boot.complete_url,
  });
  document.getElementById("composer").addEventListener("submit", submit);
  document.getElementById("btn-stop").addEventListener("click", stop);
  document.getElementById("btn-undo").addEventListener("click", undo);
  document.getElementById("btn-forget").addEventListener("click", () => sendControl({ type: "memory.forget" }));
  turnsEl.addEventListener("click", (event) => {
    const button = event.target.closest(".show-trace");
    if (button) showTrace(Number(button.dataset.runId));
  });
  const language = document.querySelector("#lang-switch select");
  language?.addEventListener("change", () => language.form.submit());
  document.body.classList.add("js");
  // Phones start with the trace folded under the conversation.
  if (window.matchMedia("(max-width: 800px)").matches) {
    document.getElementById("trace-details").open = false;
  }

  for (const active of boot.active_runs) {
    const run = runView(active.run_id);
    run.active = true;
    run.answered = false;
  }
  updateInbox();
  connect();
})();
