// The trace viewer's run list (R-UI-2), kept current: while it shows the newest runs, the
// page reads itself again every few seconds and puts in the new rows, statuses and counts.
//
// What comes back is this page as the server renders it (the same template, Django's
// autoescaping on every value a model, tool or player wrote), parsed as a document of its
// own: no string of ours becomes HTML (R-SEC-1). Runs a reviewer ticked for comparing stay
// ticked.
(function () {
  "use strict";

  // How often the list is read again while the tab is in view; one keyset query each.
  const REFRESH_MS = 3000;

  const list = document.getElementById("run-list");
  if (!list || !list.dataset.live) return;
  let busy = false;

  async function refresh() {
    if (busy || document.hidden) return;
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
      // A missed refresh is caught up by the next one.
    } finally {
      busy = false;
    }
  }

  setInterval(refresh, REFRESH_MS);
})();
