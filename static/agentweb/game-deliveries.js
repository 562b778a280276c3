// Delivery status on the chat page's purchase and quest-claim cards.
//
// A card the server marked with data-delivery-reason ("purchase:12") gets a
// line saying where its items are ("waiting until you are online", "delivered
// in game", "failed: …"), kept current by polling /game/deliveries until every
// item is delivered or taken back. Polling slows down while nothing changes.
// Self-contained: it only reads the DOM that render.js and the history
// templates build, and writes text with textContent only.
(function () {
  "use strict";

  const STATUS_URL = "/game/deliveries";
  const FIRST_POLL_MS = 1000;
  // While nothing changes the poll slows down to this: "live" within seconds, cheap for a page
  // left open for hours on a delivery that waits for its player.
  const MAX_POLL_MS = 8000;
  // The server answers at most this many reasons per request.
  const MAX_REASONS = 50;

  const cards = new Map(); // reason -> Set of card elements
  const settled = new Set(); // reasons whose items are all delivered or taken back
  const latest = new Map(); // reason -> the last entry the server sent
  let delay = FIRST_POLL_MS;
  let timer = null;
  let previous = "";

  function watch(root) {
    let found = false;
    for (const card of root.querySelectorAll("[data-delivery-reason]")) {
      const reason = card.dataset.deliveryReason;
      if (!cards.has(reason)) cards.set(reason, new Set());
      if (!cards.get(reason).has(card)) {
        cards.get(reason).add(card);
        if (latest.has(reason)) render(card, latest.get(reason));
        found = true;
      }
    }
    if (found) soon();
  }

  function soon() {
    delay = FIRST_POLL_MS;
    schedule(0);
  }

  function schedule(ms) {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(poll, ms);
  }

  function render(card, entry) {
    let box = card.querySelector(":scope > .delivery-status");
    if (!box) {
      box = document.createElement("div");
      box.className = "delivery-status";
      box.setAttribute("role", "status");
      card.appendChild(box);
    }
    const undone = card.closest(".turn.undone") !== null;
    const line = (item) => (undone ? item.undone_text : item.text);
    const states = new Set(entry.items.map((item) => item.state));
    box.dataset.state = states.size === 1 ? entry.items[0].state : "mixed";
    box.textContent = "";
    if (entry.items.length === 1) {
      box.textContent = line(entry.items[0]);
      return;
    }
    const list = document.createElement("ul");
    for (const item of entry.items) {
      const li = document.createElement("li");
      li.textContent = item.label + ": " + line(item);
      list.appendChild(li);
    }
    box.appendChild(list);
  }

  async function poll() {
    timer = null;
    const reasons = [...cards.keys()].filter((r) => !settled.has(r)).slice(0, MAX_REASONS);
    if (!reasons.length) return;
    const query = reasons.map((r) => "reason=" + encodeURIComponent(r)).join("&");
    try {
      const response = await fetch(STATUS_URL + "?" + query, { credentials: "same-origin" });
      if (!response.ok) throw new Error("status " + response.status);
      const data = (await response.json()).deliveries || {};
      for (const reason of reasons) {
        const entry = data[reason];
        if (!entry) {
          settled.add(reason); // nothing to deliver (e.g. a purchase that failed)
          continue;
        }
        latest.set(reason, entry);
        for (const card of cards.get(reason)) {
          if (card.isConnected) render(card, entry);
          else cards.get(reason).delete(card);
        }
        if (entry.done) settled.add(reason);
      }
      const snapshot = JSON.stringify(data);
      delay = snapshot === previous ? Math.min(delay * 1.5, MAX_POLL_MS) : FIRST_POLL_MS;
      previous = snapshot;
    } catch (error) {
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
    schedule(delay);
  }

  // An undone answer's cards say what undo could not take back: look again.
  function onTurnChanged(turn) {
    for (const card of turn.querySelectorAll("[data-delivery-reason]")) {
      settled.delete(card.dataset.deliveryReason);
    }
    soon();
  }

  function start() {
    const turns = document.getElementById("turns");
    if (!turns) return;
    watch(turns);
    new MutationObserver((mutations) => {
      let added = false;
      for (const m of mutations) {
        if (m.type === "attributes" && m.target.classList.contains("undone")) onTurnChanged(m.target);
        else if (m.addedNodes.length) added = true;
      }
      if (added) watch(turns);
    }).observe(turns, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  }

  // A page coming back into view looks at once.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && cards.size) soon();
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
