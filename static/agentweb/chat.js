// The chat page's live part (R-UI-1): runs and their events over the socket.
//
// Frames are SPEC §15's. Each run's events are rendered strictly in seq order
// and once; messages are resent until the server acknowledges them
// (chat.accepted), with the same client_msg_id so they run once.
// DOM building lives in chat-turns.js, chat-trace.js and render.js; the quota
// meter and feedback on answers in chat-account.js.
(function () {
  "use strict";

  const R = window.AgentwebRender;
  const T = window.AgentwebTrace;
  const boot = JSON.parse(document.getElementById("chat-boot").textContent);
  const L = boot.labels;
  R.configure(boot.cards);

  // A run.subscribe that brought nothing may be asked again after this long.
  const RESYNC_MS = 2000;
  // Notices fade after this long; errors stay longer.
  const NOTICE_MS = 8000;
  const ERROR_NOTICE_MS = 20000;
  // The server refuses bigger messages (the policies' inputBytes); say so before sending.
  const MAX_MESSAGE_BYTES = boot.max_message_bytes;
  const BESIDE_THE_LOOP = new Set(boot.beside_the_loop || []);
  // Statuses of a run that has ended (the server's list).
  const FINISHED = new Set(boot.finished_statuses);

  const turnsEl = document.getElementById("turns");
  const tracesEl = document.getElementById("traces");
  const inboxEl = document.getElementById("inbox");
  const input = document.getElementById("message");
  const turns = window.AgentwebTurns.create(turnsEl, L, boot.card_words);
  const meters = T.meters(document.getElementById("meters"));
  const stopButton = document.getElementById("btn-stop");
  // Her quota meter and her feedback on answers (chat-account.js).
  const account = window.AgentwebAccount.create({ L, boot, turnsEl, turns, send: (frame) => sendControl(frame) });

  const runs = new Map(); // run id → what the page knows about that run
  const pending = new Map(); // client_msg_id → a message without a run of its own yet
  const outbox = []; // control frames pressed while disconnected
  // The player's waiting messages (R-X3-1), by inbox entry id: {clientMsgId, text, position,
  // steer}. From the page's load (boot.waiting), chat.accepted (queued) and inbox.queued;
  // gone when one starts as its own run, is read by the running run, or is cancelled.
  const waiting = new Map();
  const steerButton = document.getElementById("btn-steer");
  // The run Undo reverts now ({run_id, wrote}): the latest that wrote something, else
  // the latest (assistant/undo.py); the server says so at load and after each undo.
  let undoTarget = boot.undo;

  function notice(text, isError) {
    const node = R.el("p", "notice" + (isError ? " notice-error" : ""), text);
    document.getElementById("notices").appendChild(node);
    setTimeout(() => node.remove(), isError ? ERROR_NOTICE_MS : NOTICE_MS);
  }

  function clearNotices() {
    document.getElementById("notices").replaceChildren();
  }

  // Stop is for a running answer only.
  function updateControls() {
    stopButton.disabled = ![...runs.values()].some((run) => run.active);
    // Only a running answer can take a message to add to it.
    steerButton.disabled = stopButton.disabled;
  }

  function setUndoTarget(target) {
    undoTarget = target;
    turns.markUndoTarget(target ? target.run_id : null);
  }

  // A run of this player started, or wrote: it may be what Undo reaches now.
  function undoCandidate(runId, wrote) {
    if (wrote) setUndoTarget({ run_id: runId, wrote: true });
    else if (!undoTarget || !undoTarget.wrote) setUndoTarget({ run_id: runId, wrote: false });
  }

  function randomId() {
    // getRandomValues works on plain http too (randomUUID needs a secure context).
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // --- the socket ----------------------------------------------------------------
  const socket = window.AgentwebSocket.open(boot.ws_path, {
    onState(state) {
      const conn = document.getElementById("conn");
      conn.dataset.state = state;
      conn.textContent = L[state] || state;
    },
    onOpen: resume,
    onFrame(frame) {
      if (frame.type === "run.event") return onEvent(frame);
      if (frame.type === "run.delta") return onDelta(frame);
      if (frame.type === "chat.accepted") return accepted(frame);
      if (frame.type === "inbox.cancelled") return cancelled(frame);
      if (frame.type === "memory.forgotten") return notice(L.forgotten);
      if (frame.type === "run.undone") return undone(frame);
      if (frame.type === "run.feedback") return account.rated(frame);
      if (frame.type === "assistant.state") {
        document.getElementById("assistant-on").checked = frame.enabled;
        return notice(frame.enabled ? L.assistant_on : L.assistant_off);
      }
      if (frame.type === "error") {
        // A refused chat.send names its message.
        if (frame.client_msg_id) refuse(frame.client_msg_id);
        if (frame.code === "nothing_to_undo") return notice(L.nothing_to_undo);
        notice(L.error + ": " + (frame.message || frame.code || ""), true);
      }
    },
  });

  function sendControl(frame) {
    if (!socket.send(frame)) outbox.push(frame);
  }

  function sendChat(message) {
    const frame = { type: "chat.send", text: message.text, allow_web: message.allowWeb, client_msg_id: message.id };
    if (message.steer) frame.steer = true;
    socket.send(frame);
  }

  // After (re)connecting: replay what each watched run missed, then resend
  // messages nobody acknowledged, then control frames pressed while offline.
  function resume() {
    for (const run of runs.values()) if (run.active || run.watched) subscribe(run);
    for (const message of pending.values()) if (message.state === "sending") sendChat(message);
    while (outbox.length) socket.send(outbox.shift());
  }

  function subscribe(run) {
    run.resyncAt = Date.now();
    socket.send({ type: "run.subscribe", run_id: run.id, after_seq: run.lastSeq });
  }

  // --- runs and their events -----------------------------------------------------
  function runView(id) {
    let run = runs.get(id);
    if (run) return run;
    run = { id, lastSeq: 0, streamSeq: 0, buffer: new Map(), active: false, watched: false, answered: false,
      turn: null, trace: null, toolCards: [], resyncAt: 0, streamed: { after: -1, length: 0 } };
    const existing = turnsEl.querySelector('.turn[data-run-id="' + Number(id) + '"]');
    if (existing) adoptTurn(run, existing);
    runs.set(id, run);
    return run;
  }

  function adoptTurn(run, turn) {
    run.turn = turn;
    turns.attach(turn, run.id);
    run.answered = turn.dataset.answered === "1";
    // A server-rendered turn: later events (an undo) continue after what it shows.
    if (run.answered && run.lastSeq === 0) run.lastSeq = run.streamSeq = Number(turn.dataset.lastSeq) || 0;
  }

  function setStatus(run, status) {
    if (!status || !run.turn) return;
    turns.setStatus(run.turn, status);
    if (FINISHED.has(status)) run.active = false;
    updateControls();
  }

  // Duplicates from a replay are dropped; a gap asks the server to replay from
  // the last seq rendered, and later events wait in the buffer until then.
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
      if (!BESIDE_THE_LOOP.has(next.kind)) run.streamSeq = run.lastSeq;
      render(run, next);
    }
    if (run.buffer.size && Date.now() - run.resyncAt > RESYNC_MS) subscribe(run);
  }

  // The answer as the model writes it: only the text after what is shown
  // (offset), and only while no step of the loop came after the one it follows
  // (a message queued meanwhile does not count). The answer event replaces it
  // with the stored text.
  function onDelta(frame) {
    if (!Number.isInteger(frame.run_id) || typeof frame.text !== "string") return;
    const run = runs.get(frame.run_id);
    if (!run || !run.turn || run.answered || frame.after_seq !== run.streamSeq) return;
    if (run.streamed.after !== frame.after_seq) run.streamed = { after: frame.after_seq, length: 0 };
    const offset = Number(frame.offset) || 0;
    if (offset > run.streamed.length) return;
    const text = frame.text.slice(run.streamed.length - offset);
    if (!text) return;
    run.streamed.length += text.length;
    turns.thinking(run.turn, null);
    turns.streamAnswer(run.turn, text);
  }

  function render(run, frame) {
    const data = frame.data || {};
    const kind = frame.kind;
    if (kind === "run.started") {
      run.active = !run.answered;
      meters.follow(run.id);
      if (run.active) undoCandidate(run.id, false);
      updateControls();
    }
    ensureTurn(run, data);
    // "Thinking…" while a model call is in flight, with its elapsed time.
    const live = run.active && !run.answered;
    turns.thinking(run.turn, live && kind === "model.started" ? Date.parse(frame.ts) || Date.now() : null);
    traceFor(run).appendChild(T.entry(frame, L));
    meters.apply(run.id, frame);
    if ((kind === "tool.started" || kind === "tool.finished") && data.writes) wrote(run);
    if (kind === "tool.finished" && data.card) run.toolCards.push(data.card);
    else if (kind === "answer") answer(run, data.text, data.cards, data.sources);
    else if (kind === "degraded" && data.text) answer(run, data.text, [], []);
    else if (kind === "inbox.queued") onQueued(data);
    else if (kind === "inbox.claimed") onClaimed(data.messages || []);
    else if (kind === "action.pending") {
      const decide = (decision) =>
        sendControl({ type: "action.confirm", run_id: run.id, action_id: data.action_id, decision });
      turns.confirmBox(run.turn, data, run.active, decide);
    } else if (kind === "action.confirmed") turns.decided(run.turn, data.action_id, data.decision);
    else if (kind === "run.finished") finished(run, data);
    // Only the panel's own scroll: moving the window would pull a phone's view
    // away from the conversation down to the trace.
    if (run.trace.parentElement.open) tracesEl.scrollTop = tracesEl.scrollHeight;
  }

  // A run the page has no turn for yet: our own message (by id, else by its
  // text, e.g. a queued message that became its own run) or a new turn.
  function ensureTurn(run, data) {
    if (run.turn) return;
    let match = data.client_msg_id && pending.get(data.client_msg_id);
    match = match || [...pending.values()].find((message) => message.text === data.question);
    if (match) pending.delete(match.id);
    adoptTurn(run, match ? match.turn : turns.newTurn(data.question || ""));
    setStatus(run, "running");
    updateInbox();
  }

  function traceFor(run) {
    if (run.trace) return run.trace;
    tracesEl.querySelector(".empty-trace")?.remove();
    if (!run.answered) tracesEl.querySelectorAll("details.trace").forEach((d) => (d.open = false));
    const details = R.el("details", "trace");
    details.open = true;
    details.dataset.runId = String(run.id);
    const question = run.turn.querySelector(".msg-player .msg-text")?.textContent || "";
    details.appendChild(R.el("summary", null, L.run + " #" + run.id + " · " + question.slice(0, 60)));
    run.trace = R.el("ol", "trace-entries");
    details.appendChild(run.trace);
    tracesEl.appendChild(details);
    return run.trace;
  }

  // The answer's own cards, else those the tools produced (kept when a run
  // stops early or its finalization fails, R-LOOP-6).
  function answer(run, text, cards, sources) {
    if (run.answered) return;
    run.answered = true;
    const shown = Array.isArray(cards) && cards.length ? cards : run.toolCards;
    turns.showAnswer(run.turn, text, shown, sources);
  }

  // The run changed something in the game: Undo reaches it first.
  function wrote(run) {
    run.turn.dataset.wrote = "1";
    if (run.active) undoCandidate(run.id, true);
  }

  function finished(run, data) {
    const live = run.active;
    run.active = false;
    setStatus(run, data.status);
    turns.setWorkflow(run.turn, data.workflow);
    // A stopped or failed run still says why, and keeps its cards.
    if (!run.answered && (data.text || run.toolCards.length)) answer(run, data.text, [], []);
    turns.closeConfirms(run.turn);
    turns.offerRating(run.turn);
    if (live) account.refreshQuota();
  }

  // --- messages: acknowledgement and the inbox ----------------------------------
  // A waiting message's word: its place ("Waiting · 2nd"), or that it joins the running answer.
  function waitingNote(entry) {
    if (entry.steer) return L.steering;
    const rule = new Intl.PluralRules(document.documentElement.lang || "en", { type: "ordinal" });
    const place = (L["place_" + rule.select(entry.position)] || L.place_other).replace("{n}", entry.position);
    return L.waiting_place.replace("{place}", place);
  }

  function ownWaiting(clientMsgId) {
    const message = clientMsgId && pending.get(clientMsgId);
    return message && message.state === "queued" ? message : null;
  }

  function updateInbox() {
    inboxEl.hidden = waiting.size === 0;
    inboxEl.querySelector(".inbox-count").textContent = String(waiting.size);
  }

  // A message waits (again, with its place now): the queue moved, or a message meant to
  // join the running answer waits for a run of its own (steer false).
  function nowWaiting(frame) {
    if (!Number.isInteger(frame.entry_id)) return;
    const text = typeof frame.text === "string" ? frame.text : waiting.get(frame.entry_id)?.text;
    const entry = { clientMsgId: frame.client_msg_id || "", position: frame.position, steer: frame.steer === true, text };
    waiting.set(frame.entry_id, entry);
    const message = pending.get(frame.client_msg_id);
    if (message) {
      message.state = "queued";
      message.entryId = frame.entry_id;
      message.turn.dataset.status = "waiting";
      turns.note(message.turn, waitingNote(entry));
    }
    updateInbox();
  }

  // It left the inbox (its own run started, the running run read it, it was cancelled).
  function leftInbox(entryId, clientMsgId) {
    if (Number.isInteger(entryId)) waiting.delete(entryId);
    else for (const [id, entry] of waiting) if (clientMsgId && entry.clientMsgId === clientMsgId) waiting.delete(id);
    updateInbox();
  }

  // The server has our message: stop resending it. A queued message waits in the
  // inbox with its place (or joins the running run, steer); otherwise run_id is its
  // own run, which the server has already subscribed this socket to. A waiting message
  // that becomes its own run once the active one ends is accepted again (from_inbox).
  function accepted(frame) {
    if (frame.queued) return nowWaiting(frame);
    if (frame.from_inbox) leftInbox(frame.entry_id, frame.client_msg_id);
    const message = pending.get(frame.client_msg_id) ||
      [...pending.values()].find((m) => Number.isInteger(frame.entry_id) && m.entryId === frame.entry_id);
    if (!message) return acceptedElsewhere(frame);
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
    updateControls();
  }

  // A message of this player sent elsewhere — another tab, the API, game chat — or one
  // that waited and now runs as its own run: the server follows its run for this page
  // too, so it gets a turn here now (its events fill it in).
  function acceptedElsewhere(frame) {
    if (!Number.isInteger(frame.run_id)) return;
    const run = runView(frame.run_id);
    if (!run.turn) {
      adoptTurn(run, turns.newTurn(typeof frame.text === "string" ? frame.text : ""));
      turns.markOrigin(run.turn, frame.origin);
      setStatus(run, "running");
      run.active = true;
    }
    document.getElementById("examples")?.remove();
    updateInbox();
    updateControls();
  }

  function refuse(clientMsgId) {
    const message = pending.get(clientMsgId);
    if (!message || message.state !== "sending") return;
    pending.delete(message.id);
    turns.note(message.turn, L.status_failed);
  }

  // inbox.queued is in the trace of the run a message waits behind (another tab's too).
  function onQueued(data) {
    if (!Number.isInteger(data.entry_id) || waiting.has(data.entry_id)) return;
    waiting.set(data.entry_id, { clientMsgId: "", position: null, steer: data.steer === true, text: data.text });
    updateInbox();
  }

  // The running loop read these messages, sent to join it: its answer addresses them.
  function onClaimed(texts) {
    for (const text of texts) {
      const message = [...pending.values()].find((m) => m.state === "queued" && m.steer && m.text === text);
      if (message) {
        pending.delete(message.id);
        turns.note(message.turn, L.claimed);
        message.turn.dataset.status = "claimed";
        leftInbox(message.entryId, message.id);
      } else {
        const other = [...waiting].find(([, entry]) => entry.steer && entry.text === text);
        if (other) leftInbox(other[0]);
      }
    }
    updateInbox();
  }

  // Waiting messages the player cancelled (here, in another tab, over the API).
  function cancelled(frame) {
    for (const entryId of frame.entry_ids || []) waiting.delete(entryId);
    for (const clientMsgId of frame.client_msg_ids || []) {
      const message = ownWaiting(clientMsgId);
      if (!message) continue;
      pending.delete(message.id);
      turns.note(message.turn, L.cancelled_waiting);
      message.turn.dataset.status = "cancelled";
      message.turn.classList.add("cancelled");
    }
    updateInbox();
  }

  // --- the player's actions ------------------------------------------------------
  function submit(event, steer) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (new TextEncoder().encode(text).length > MAX_MESSAGE_BYTES) {
      notice(L.error + ": " + MAX_MESSAGE_BYTES + " bytes max", true);
      return;
    }
    const allowWebBox = document.getElementById("allow-web");
    const allowWeb = allowWebBox ? allowWebBox.checked : false;
    document.getElementById("examples")?.remove();
    const message = { id: randomId(), text, allowWeb, steer: steer === true, state: "sending", turn: turns.newTurn(text) };
    pending.set(message.id, message);
    sendChat(message);
    input.value = "";
    completion.reset();
  }

  function stop() {
    const active = [...runs.values()].filter((run) => run.active);
    if (!active.length) return notice(L.nothing_to_stop);
    for (const run of active) sendControl({ type: "run.cancel", run_id: run.id });
  }

  // Undo reverts the player's latest undoable run: the server picks it (the page's
  // Undo button marks the one it knows of) and answers run.undone, naming it.
  function undo() {
    sendControl({ type: "run.undo" });
  }

  // What the undo reverted, said in place of older notices; the page does not move.
  function undone(frame) {
    clearNotices();
    const said = (frame.summary || []).join(" ");
    notice(said || L.undone_nothing);
    for (const step of frame.not_reverted || []) notice(L.not_reverted + ": " + step.message, true);
    const run = runs.get(frame.run_id);
    const turn = run ? run.turn : turnsEl.querySelector('.turn[data-run-id="' + Number(frame.run_id) + '"]');
    if (turn) turns.setStatus(turn, "undone");
    if (run) {
      run.active = false;
      updateControls();
    }
    setUndoTarget(frame.undo_next || null);
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
    run.lastSeq = run.streamSeq = 0;
    run.buffer.clear();
    subscribe(run);
  }

  const completion = window.AgentwebComplete.attach({
    input,
    listEl: document.getElementById("suggestions"),
    commands: boot.commands,
    completeUrl: boot.complete_url,
  });
  document.getElementById("composer").addEventListener("submit", (event) => submit(event, false));
  // "Add to the running answer": the message joins the run at its next step (steer).
  steerButton.addEventListener("click", (event) => submit(event, true));
  document.getElementById("btn-cancel-waiting").addEventListener("click", () => sendControl({ type: "inbox.cancel" }));
  document.getElementById("btn-stop").addEventListener("click", stop);
  document.getElementById("btn-undo").addEventListener("click", undo);
  document.getElementById("btn-forget").addEventListener("click", () => sendControl({ type: "memory.forget" }));
  const assistantOn = document.getElementById("assistant-on");
  assistantOn.addEventListener("change", () => sendControl({ type: "assistant.switch", enabled: assistantOn.checked }));
  turnsEl.addEventListener("click", (event) => {
    const button = event.target.closest(".show-trace");
    if (button) return showTrace(Number(button.dataset.runId));
    if (event.target.closest(".undo-turn")) return undo();
    account.onClick(event);
  });
  // A first visit's example questions: a click asks one.
  document.getElementById("examples")?.addEventListener("click", (event) => {
    const example = event.target.closest("button.example");
    if (!example) return;
    input.value = example.textContent;
    document.getElementById("composer").requestSubmit();
  });
  const language = document.querySelector("#lang-switch select");
  language?.addEventListener("change", () => language.form.submit());
  document.body.classList.add("js");
  // Phones start with the trace folded under the conversation.
  if (window.matchMedia("(max-width: 800px)").matches) document.getElementById("trace-details").open = false;

  // Runs still going when the page was rendered: replayed from their first event.
  for (const active of boot.active_runs) {
    const run = runView(active.run_id);
    run.active = true;
    run.answered = false;
  }
  // Messages that waited when the page was rendered: shown as waiting turns again.
  for (const entry of boot.waiting || []) {
    const id = entry.client_msg_id || "entry-" + entry.entry_id;
    const message = { id, text: entry.text, allowWeb: false, steer: entry.steer, state: "queued", turn: turns.newTurn(entry.text) };
    pending.set(id, message);
    nowWaiting({ ...entry, client_msg_id: id });
  }
  updateInbox();
  updateControls();
  setUndoTarget(undoTarget);
  account.showQuota(boot.quota);
})();
