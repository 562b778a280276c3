// Slash-command autocompletion for the chat input (R-ROUTE-3, R-UI-1).
//
// Command names come from the snapshot the server renders into the page
// (commands.snapshot(user)) — the page has no list of its own. Arguments come
// from GET /commands/complete?source=…&prefix=… for commands that name a
// completion source. Tab, Enter or a click accepts; arrows move; Escape closes.
(function () {
  "use strict";

  const DEBOUNCE_MS = 120;
  const MAX_SHOWN = 8;
  const ARG_LIMIT = 10;

  function attach(options) {
    const { input, listEl, commands, completeUrl } = options;
    const el = window.AgentwebRender.el;
    let items = [];
    let active = 0;
    let timer = null;
    let request = 0;
    // After an argument is accepted, stay closed until the player types again,
    // so Enter then sends the message instead of re-accepting the same text.
    let settled = false;

    function commandFor(word) {
      const lowered = word.toLowerCase();
      return commands.find(
        (c) => c.name === lowered || (c.aliases || []).some((a) => a.toLowerCase() === lowered)
      );
    }

    function nameItems(value) {
      const prefix = value.toLowerCase();
      const found = [];
      for (const c of commands) {
        const names = [c.name, ...(c.aliases || []).filter((a) => a.startsWith("/"))];
        const hit = names.find((n) => n.toLowerCase().startsWith(prefix));
        if (!hit) continue;
        // A command that takes no argument is complete as typed: Enter sends it.
        const whole = c.usage.trim() === c.name && hit.toLowerCase() === prefix;
        found.push({ value: hit + " ", label: hit, hint: c.usage + " — " + c.description, whole });
      }
      return found;
    }

    // Slash-less aliases such as 分析: offered only while the word is being typed.
    function wordItems(value) {
      if (!value || /\s/.test(value)) return [];
      const found = [];
      for (const c of commands) {
        for (const alias of c.aliases || []) {
          if (!alias.startsWith("/") && alias !== value && alias.startsWith(value)) {
            found.push({ value: alias + " ", label: alias, hint: c.usage + " — " + c.description });
          }
        }
      }
      return found;
    }

    async function argItems(command, head, prefix, ticket) {
      const url = new URL(completeUrl, window.location.href);
      url.searchParams.set("source", command.completion);
      url.searchParams.set("prefix", prefix);
      url.searchParams.set("limit", String(ARG_LIMIT));
      try {
        const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
        if (!response.ok || ticket !== request) return;
        const values = await response.json();
        if (ticket !== request || !Array.isArray(values)) return;
        show(values.map((v) => ({ value: head + " " + v, label: String(v), hint: command.usage })));
      } catch (e) {
        // Suggestions are a convenience: a failed fetch just shows none.
      }
    }

    function refresh() {
      const value = input.value;
      request += 1;
      const ticket = request;
      clearTimeout(timer);
      if (settled) return close();
      if (/^\/\S*$/.test(value)) return show(nameItems(value));
      const args = /^(\/\S+)\s+(.*)$/s.exec(value);
      if (args) {
        const command = commandFor(args[1]);
        if (!command || !command.completion) return close();
        timer = setTimeout(() => argItems(command, args[1], args[2], ticket), DEBOUNCE_MS);
        return;
      }
      show(wordItems(value));
    }

    function show(found) {
      items = found.filter((item) => item.value !== input.value).slice(0, MAX_SHOWN);
      active = 0;
      listEl.replaceChildren();
      items.forEach((item, index) => {
        const li = el("li", index === active ? "active" : null);
        li.setAttribute("role", "option");
        li.dataset.index = String(index);
        li.appendChild(el("span", "suggestion-label", item.label));
        if (item.hint) li.appendChild(el("span", "suggestion-hint", item.hint));
        listEl.appendChild(li);
      });
      listEl.hidden = items.length === 0;
    }

    function close() {
      items = [];
      listEl.hidden = true;
      listEl.replaceChildren();
    }

    function move(step) {
      if (!items.length) return;
      active = (active + step + items.length) % items.length;
      listEl.querySelectorAll("li").forEach((li, i) => li.classList.toggle("active", i === active));
    }

    function accept(index) {
      const item = items[index];
      if (!item) return;
      input.value = item.value;
      // A command name leads on to its arguments; an argument ends the completion.
      settled = !item.value.endsWith(" ");
      input.focus();
      refresh();
    }

    input.addEventListener("input", () => {
      settled = false;
      refresh();
    });
    input.addEventListener("keydown", (event) => {
      if (listEl.hidden || !items.length) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        move(event.key === "ArrowDown" ? 1 : -1);
      } else if (event.key === "Enter" && items[active].whole) {
        close(); // the form sends it
      } else if (event.key === "Tab" || event.key === "Enter") {
        event.preventDefault();
        accept(active);
      } else if (event.key === "Escape") {
        close();
      }
    });
    // mousedown, not click: a click would blur the input (and close the list) first.
    listEl.addEventListener("mousedown", (event) => {
      const li = event.target.closest("li");
      if (!li) return;
      event.preventDefault();
      accept(Number(li.dataset.index));
    });
    input.addEventListener("blur", () => setTimeout(close, DEBOUNCE_MS));

    // After a send: no suggestion may come back from a lookup still in flight.
    function reset() {
      settled = false;
      request += 1;
      clearTimeout(timer);
      close();
    }

    return { close, refresh, reset };
  }

  window.AgentwebComplete = { attach };
})();
