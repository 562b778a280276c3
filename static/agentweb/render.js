// DOM builders for the chat page: result cards and trace entries.
//
// Everything here comes from the model or from tools, so it is put on the page
// with textContent and createElement only — never innerHTML (R-SEC-1). The
// card layouts mirror templates/assistant/cards/*.html, which render the same
// cards for the history the server sends with the page.
(function () {
  "use strict";

  const SAFE_SCHEMES = ["http:", "https:"];
  // Observations and inputs are shown as JSON; this keeps one entry readable.
  const MAX_JSON_CHARS = 4000;
  // Generic cards: bookkeeping fields for undo, not for the player.
  const HIDDEN_FIELDS = new Set(["kind", "title", "profile_id", "progress_id", "purchase_id", "delivery_reason"]);

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function append(parent, ...children) {
    for (const child of children) if (child) parent.appendChild(child);
    return parent;
  }

  // An absolute http(s) URL, or "" — a javascript: link must never become clickable.
  function safeUrl(url) {
    if (typeof url !== "string" || !url) return "";
    try {
      const parsed = new URL(url);
      return SAFE_SCHEMES.includes(parsed.protocol) ? parsed.href : "";
    } catch (e) {
      return "";
    }
  }

  function link(url, text) {
    const href = safeUrl(url);
    if (!href) return el("span", null, text);
    const a = el("a", null, text);
    a.href = href;
    a.rel = "noopener noreferrer";
    a.target = "_blank";
    return a;
  }

  function list(className, items, line) {
    const ul = el("ul", className);
    for (const item of items || []) ul.appendChild(el("li", null, line(item)));
    return ul;
  }

  function json(value) {
    let text;
    try {
      text = JSON.stringify(value, null, 2);
    } catch (e) {
      text = String(value);
    }
    if (text && text.length > MAX_JSON_CHARS) text = text.slice(0, MAX_JSON_CHARS) + " …";
    return el("pre", "json", text);
  }

  // --- cards ------------------------------------------------------------------
  function itemCard(card, L) {
    const node = el("article", "card card-item");
    node.appendChild(el("h3", null, card.title));
    const item = card.item || {};
    let facts = (item.item_id || "") + " · " + L.stack_size + " " + item.stack_size;
    if (item.max_durability) facts += " · " + L.durability + " " + item.max_durability;
    node.appendChild(el("p", "facts", facts));
    for (const note of card.notes || []) node.appendChild(el("p", "note", note));
    for (const recipe of card.recipes || []) {
      const figure = el("figure", "recipe");
      let caption = L.recipe + ": " + (recipe.label || "");
      if (recipe.result_count > 1) caption += " · " + L.makes + " " + recipe.result_count;
      figure.appendChild(el("figcaption", null, caption));
      if (Array.isArray(recipe.grid) && recipe.grid.length) {
        const table = el("table", "recipe-grid");
        for (const row of recipe.grid) {
          const tr = el("tr");
          for (const cell of row || []) tr.appendChild(el("td", cell ? null : "empty", cell || ""));
          table.appendChild(tr);
        }
        figure.appendChild(table);
      } else {
        figure.appendChild(list("ingredients", recipe.ingredients, (i) => i.count + "× " + i.label));
      }
      node.appendChild(figure);
    }
    if ((card.cooking || []).length) {
      node.appendChild(el("h4", null, L.cooking));
      node.appendChild(list(null, card.cooking, (c) => c.input + " → " + c.station));
    }
    if ((card.drops || []).length) {
      node.appendChild(el("h4", null, L.drops));
      node.appendChild(list(null, card.drops, (d) => d.summary));
    }
    return node;
  }

  function questCard(card, L) {
    const node = el("article", "card card-quest");
    node.appendChild(el("h3", null, card.title));
    let facts = (card.chapter || "") + (card.chapter_group ? " (" + card.chapter_group + ")" : "");
    if (card.optional) facts += " · " + L.optional;
    if (card.player_status) facts += " · " + L.your_status + ": " + card.player_status;
    node.appendChild(el("p", "facts", facts));
    if (card.subtitle) node.appendChild(el("p", "subtitle", card.subtitle));
    if (card.description) node.appendChild(el("p", "description", card.description));
    if ((card.tasks || []).length) {
      node.appendChild(el("h4", null, L.tasks));
      node.appendChild(list("tasks", card.tasks, (t) => (t.type === "item" ? t.count + "× " : "") + t.label));
    }
    if ((card.rewards || []).length) {
      node.appendChild(el("h4", null, L.rewards));
      node.appendChild(list("rewards", card.rewards, rewardText.bind(null, L)));
    }
    const prereqs = card.prerequisites || [];
    if (prereqs.length) {
      const anyOne = prereqs.length > 1 && String(card.dependency_requirement || "").startsWith("one_");
      node.appendChild(el("h4", null, L.prerequisites + (anyOne ? " (" + L.any_of + ")" : "")));
      node.appendChild(list("prerequisites", prereqs, (q) => q.title + " — " + q.chapter));
    }
    if ((card.unlocks || []).length) {
      node.appendChild(el("h4", null, L.unlocks));
      node.appendChild(list("unlocks", card.unlocks, (q) => q.title));
    }
    return node;
  }

  function rewardText(L, reward) {
    let text = (reward.count > 1 ? reward.count + "× " : "") + reward.label;
    if (reward.table) {
      const entries = (reward.table_entries || []).map((e) => e.label).join(", ");
      text += " (" + L.reward_table + " " + reward.table + (entries ? ": " + entries : "") + ")";
    }
    return text;
  }

  function sourceCard(card) {
    const node = el("article", "card card-source");
    const h3 = el("h3");
    if (card.n) h3.appendChild(document.createTextNode("[" + card.n + "] "));
    h3.appendChild(link(card.url, card.title || card.url));
    node.appendChild(h3);
    if (card.snippet) node.appendChild(el("p", null, card.snippet));
    return node;
  }

  function entryText(value) {
    if (value && typeof value === "object") {
      for (const key of ["title", "label", "name", "summary", "task", "message"]) {
        if (value[key]) return String(value[key]);
      }
      return Object.entries(value)
        .filter(([, v]) => typeof v !== "object")
        .map(([k, v]) => k + ": " + v)
        .join(", ");
    }
    return String(value);
  }

  function genericCard(card) {
    const node = el("article", "card card-" + String(card.kind || "other").replace(/[^a-z0-9_-]/gi, ""));
    if (card.title) node.appendChild(el("h3", null, card.title));
    // game-deliveries.js shows and updates the delivery status of such a card.
    if (card.delivery_reason) node.dataset.deliveryReason = String(card.delivery_reason);
    const dl = el("dl", "fields");
    const lists = [];
    for (const [key, value] of Object.entries(card)) {
      if (HIDDEN_FIELDS.has(key) || key.startsWith("previous_")) continue;
      if (value === null || value === "" || (Array.isArray(value) && !value.length)) continue;
      const label = key.replace(/_/g, " ");
      if (Array.isArray(value)) {
        lists.push([label, value]);
      } else {
        const text = typeof value === "object" ? entryText(value) : String(value);
        append(dl, append(el("div"), el("dt", null, label), el("dd", null, text)));
      }
    }
    if (dl.childNodes.length) node.appendChild(dl);
    for (const [label, values] of lists) {
      node.appendChild(el("h4", null, label));
      node.appendChild(list(null, values, entryText));
    }
    return node;
  }

  function card(data, L) {
    if (!data || typeof data !== "object") return null;
    if (data.kind === "item") return itemCard(data, L);
    if (data.kind === "quest") return questCard(data, L);
    if (data.kind === "source") return sourceCard(data);
    return genericCard(data);
  }

  function sources(items, L) {
    const box = el("div", "sources");
    box.appendChild(el("h4", null, L.sources));
    const ol = el("ol");
    for (const source of items) {
      const li = el("li");
      if (source.n) li.value = source.n;
      li.appendChild(link(source.url, source.title || source.url));
      if (source.snippet) li.appendChild(el("span", "muted", " — " + source.snippet));
      ol.appendChild(li);
    }
    box.appendChild(ol);
    return box;
  }

  window.AgentwebRender = { el, append, json, card, sources, safeUrl };
})();
