// The trace viewer's run list (R-UI-2), kept current by a push: while it shows the newest
// runs, the page follows the run list over the websocket ({"type":"runs.follow"}, reviewers
// only) and reads itself again when the server rings — a run started, ended or was rated
// (runs.changed). Nothing is polled; after a reconnect the page reads itself once, for
// what it may have missed.
//
// What comes back is this page as the server renders it (the same template, Django's
// autoescaping on every value a model, tool or player wrote), parsed as a document of its
// own: no string of ours becomes HTML (R-SEC-1). Runs a reviewer ticked for comparing stay
// ticked.
(function () {
  "use strict";

  const list = document.getElementById("run-list");
  const bootEl = document.getElementById("runs-boot");
  if (!list || !list.dataset.live || !bootEl) return;
  const boot = JSON.parse(bootEl.textContent);
  let busy = false;
  let again = false;
  let stale = false;
  let followed = false;

  function setState(state, text) {
    const stateEl = document.getElementById("live-state");
    if (!stateEl) return;
    stateEl.dataset.state = state;
    stateEl.textContent = text;
  }

  // One read at a time; doorbells that ring meanwhile make one more read after it.
  async function refresh() {
    if (document.hidden) {
      stale = true;
      return;
    }
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      const response = await fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("run-list");
      const current = document.getElementById("run-list");
      if (!fresh || !current) return;
      const ticked = new Set([...current.querySelectorAll("input[name=run]:checked")].map((box) => box.value));
      for (const box of fresh.querySelectorAll("input[name=run]")) box.checked = ticked.has(box.value);
      current.replaceWith(document.adoptNode(fresh));
    } catch (e) {
      stale = true; // read again at the next doorbell or when the tab is shown
    } finally {
      busy = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  }

  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && stale) {
      stale = false;
      refresh();
    }
  });

  const socket = window.AgentwebSocket.open(boot.ws_path, {
    onState(state) {
      if (state === "reconnecting") setState("reconnecting", boot.words.reconnecting);
    },
    onOpen() {
      socket.send({ type: "runs.follow" });
    },
    onFrame(frame) {
      if (frame.type === "runs.following") {
        setState("live", boot.words.live);
        if (followed) refresh(); // back after a lost connection
        followed = true;
      } else if (frame.type === "runs.changed") {
        refresh();
      } else if (frame.type === "error") {
        setState("error", boot.words.refused + " " + frame.message);
      }
    },
  });
})();
