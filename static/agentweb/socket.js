// The pages' websocket to /ws/assistant/ (SPEC §15), reconnecting with backoff:
// the chat page (chat.js) and the trace viewer's live rows (traces.js).
//
// Why a plain WebSocket and not htmx's ws extension: the server sends JSON
// frames, while the extension parses every incoming frame as HTML and swaps
// it into the page — the opposite of R-SEC-1's "textContent only" for model
// and tool text. Its reconnect also fires only for some close codes, and its
// send queue forgets frames that went out but were never acknowledged; the
// page must resend unacknowledged chat.send frames (same client_msg_id, so the
// server runs them once) and resume each run with run.subscribe + after_seq on
// every reconnect (chat.js, onOpen). htmx still serves the server-rendered
// parts of the page (older history).
(function () {
  "use strict";

  // Reconnect delays double from BASE up to MAX, with jitter so that many
  // pages do not all come back at the same moment after a server restart.
  const BACKOFF_BASE_MS = 400;
  const BACKOFF_MAX_MS = 15000;

  // handlers: onState("connecting" | "connected" | "reconnecting"), onOpen(), onFrame(object)
  function open(path, handlers) {
    let socket = null;
    let retries = 0;
    let closed = false;

    function connect() {
      handlers.onState(retries ? "reconnecting" : "connecting");
      const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
      const ws = new WebSocket(scheme + window.location.host + path);
      socket = ws;
      ws.addEventListener("open", () => {
        retries = 0;
        handlers.onState("connected");
        handlers.onOpen();
      });
      ws.addEventListener("message", (event) => {
        let frame;
        try {
          frame = JSON.parse(event.data);
        } catch (e) {
          return;
        }
        if (frame && typeof frame === "object") handlers.onFrame(frame);
      });
      ws.addEventListener("close", () => {
        if (socket !== ws || closed) return;
        socket = null;
        handlers.onState("reconnecting");
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retries);
        retries += 1;
        setTimeout(connect, delay / 2 + (Math.random() * delay) / 2);
      });
    }

    connect();
    return {
      // False when there is no open socket: the caller decides what to keep.
      send(frame) {
        if (!socket || socket.readyState !== WebSocket.OPEN) return false;
        socket.send(JSON.stringify(frame));
        return true;
      },
      // For good: no reconnect after this.
      close() {
        closed = true;
        if (socket) socket.close();
        socket = null;
      },
    };
  }

  window.AgentwebSocket = { open };
})();
