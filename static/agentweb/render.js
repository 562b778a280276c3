// DOM builders shared by the chat page and the trace viewer: result cards, and
// the one description of each trace event (SPEC §15, agentweb/engine/events.py).
//
// Everything here comes from the model or from tools, so it is put on the page
// with textContent and createElement only — never innerHTML (R-SEC-1). The
// card layouts mirror templates/assistant/cards/*.html, which render the same
// cards for the history the server sends with the page; which links are safe
// and which card fields are hidden come from the server (page/history.py)
// through configure().
(function () {
  "use strict";

  // Observations and inputs are shown as JSON; this keeps one entry readable.
  const MAX_JSON_CHARS = 4000;
  // Longer answers are cut in a trace; the conversation shows them whole.
  const TRACE_TEXT_CHARS = 280;
  // Filled by configure() from the page's startup data.
  const rules = { safeSchemes: [], hiddenFields: new Set(), hiddenPrefixes: [] };

  function configure(cards) {
    rules.safeSchemes = (cards.safe_schemes || []).map((scheme) => scheme + ":");
    rules.hiddenFields = new Set(cards.hidden_fields || []);
    rules.hiddenPrefixes = cards.hidden_prefixes || [];
  }

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
      return rules.safeSchemes.includes(parsed.protocol) && parsed.host ? parsed.href : "";
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
    if ((card.stations || []).length) {
      node.appendChild(el("h4", null, L.stations));
      node.appendChild(list(null, card.stations, (s) => s.summary));
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
      if (rules.hiddenFields.has(key) || rules.hiddenPrefixes.some((p) => key.startsWith(p))) continue;
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

  // --- trace events ---------------------------------------------------------------
  function clip(text, limit) {
    text = String(text || "");
    return text.length > limit ? text.slice(0, limit - 1) + "…" : text;
  }

  function compact(value) {
    try {
      return JSON.stringify(value);
    } catch (e) {
      return String(value);
    }
  }

  function folded(title, value) {
    const details = el("details", "trace-detail");
    details.appendChild(el("summary", null, title));
    details.appendChild(json(value));
    return details;
  }

  function text(value) {
    return el("p", "trace-text", clip(value, TRACE_TEXT_CHARS));
  }

  // --- event titles: the formats of L.events (page/labels.py), read by the rules of
  // page/describe.py, which renders the trace viewer's rows with the same formats.
  // {a.b} a field, {a,b} the first one set, {a|ms} {a|int} rounded, {a|word} the label
  // word_<value> if there is one; […] only when all its fields are set; {?a} a condition.
  const FIELD = /\{(\??)([^}|]+)(?:\|([a-z_]+))?\}/g;
  const PART = /\[([^\]]*)\]|([^[]+)/g;

  function isSet(value) {
    return value !== undefined && value !== null && value !== false && value !== "" &&
      !(Array.isArray(value) && !value.length);
  }

  function field(data, paths) {
    for (const path of paths.split(",")) {
      let value = data;
      for (const key of path.trim().split(".")) {
        value = value && typeof value === "object" && !Array.isArray(value) ? value[key] : undefined;
      }
      if (isSet(value)) return value;
    }
    return undefined;
  }

  function shown(value, word, L) {
    if (word === "ms" || word === "int") {
      const number = Number(value);
      const text = Number.isFinite(number) ? String(Math.round(number)) : String(value);
      return word === "ms" ? text + " ms" : text;
    }
    if (word) return typeof L[word + "_" + value] === "string" ? L[word + "_" + value] : String(value);
    if (Array.isArray(value)) return value.join(", ");
    return value === true ? "" : String(value);
  }

  function fill(text, data, L, optional) {
    let missing = false;
    const out = text.replace(FIELD, (match, condition, paths, word) => {
      const value = field(data, paths);
      if (!isSet(value)) {
        missing = true;
        return "?";
      }
      return condition ? "" : shown(value, word, L);
    });
    return optional && missing ? "" : out;
  }

  function title(kind, data, L) {
    const format = (L.events || {})[kind];
    if (!format) return kind;
    let out = "";
    for (const [, group, plain] of format.matchAll(PART)) {
      out += group !== undefined ? fill(group, data, L, true) : fill(plain, data, L, false);
    }
    return out;
  }

  // [title, detail node or null, extra class] of one event, in the words of L.
  function describe(kind, data, L) {
    const name = title(kind, data, L);
    switch (kind) {
      case "run.started":
        return [name, text(data.question)];
      case "round.started":
        return [name, null, "round"];
      case "model.started":
        return [name, null, "pending"];
      case "model.called":
        return [name, null, data.partial ? "bad" : null];
      case "decision":
        return [name, data.type === "answer" ? null : el("code", "trace-input", compact(data.input))];
      case "tool.started":
        return [name, el("code", "trace-input", compact(data.input))];
      case "tool.finished":
        return [name, folded(L.observation, data.observation)];
      case "answer":
      case "inbox.queued":
        return [name, text(data.text)];
      case "failure":
      case "degraded":
        return [name, null, "bad"];
      case "action.pending":
        return [name, null, "pending"];
      case "run.finished":
        return [name, null, "finished"];
      default:
        return [name];
    }
  }

  window.AgentwebRender = { configure, el, append, json, card, sources, safeUrl, describe, title };
})();
