// DOM builders shared by the chat page and the trace viewer: result cards, and
// the one description of each trace event (SPEC §15, agentweb/engine/events.py).
//
// Everything here comes from the model or from tools, so it is put on the page
// with textContent and createElement only — never innerHTML (R-SEC-1). Cards
// are written as templates/assistant/cards/*.html write them for the history
// the server sends with the page: items, quests and sources by their own
// builders, every other kind by its layout (page/cards.py: formats filled in by
// title() below, in the words W of the question's language); which links are
// safe and which fields are bookkeeping come from the server through configure().
(function () {
  "use strict";

  // Observations and inputs are shown as JSON; this keeps one entry readable.
  const MAX_JSON_CHARS = 4000;
  // Longer answers are cut in a trace; the conversation shows them whole.
  const TRACE_TEXT_CHARS = 280;
  // Filled by configure() from the page's startup data.
  const rules = { safeSchemes: [], hiddenFields: new Set(), hiddenPrefixes: [], hiddenSuffixes: [], entryKeys: [] };

  function configure(cards) {
    rules.safeSchemes = (cards.safe_schemes || []).map((scheme) => scheme + ":");
    rules.hiddenFields = new Set(cards.hidden_fields || []);
    rules.hiddenPrefixes = cards.hidden_prefixes || [];
    rules.hiddenSuffixes = cards.hidden_suffixes || [];
    rules.entryKeys = cards.entry_keys || [];
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
  // W: the card words of one language (page/cards.py card_words): layouts, words, fields.
  function itemCard(card, words) {
    const node = el("article", "card card-item");
    node.appendChild(el("h3", null, card.title));
    const item = card.item || {};
    let facts = (item.item_id || "") + " · " + words.stack_size + " " + item.stack_size;
    if (item.max_durability) facts += " · " + words.durability + " " + item.max_durability;
    node.appendChild(el("p", "facts", facts));
    for (const note of card.notes || []) node.appendChild(el("p", "note", note));
    for (const recipe of card.recipes || []) {
      const figure = el("figure", "recipe");
      let caption = words.recipe + ": " + (recipe.label || "");
      if (recipe.result_count > 1) caption += " · " + words.makes + " " + recipe.result_count;
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
      node.appendChild(el("h4", null, words.cooking));
      node.appendChild(list(null, card.cooking, (c) => c.input + " → " + c.station));
    }
    if ((card.stations || []).length) {
      node.appendChild(el("h4", null, words.stations));
      node.appendChild(list(null, card.stations, (s) => s.summary));
    }
    if ((card.drops || []).length) {
      node.appendChild(el("h4", null, words.drops));
      node.appendChild(list(null, card.drops, (d) => d.summary));
    }
    return node;
  }

  function questCard(card, words) {
    const node = el("article", "card card-quest");
    node.appendChild(el("h3", null, card.title));
    let facts = (card.chapter || "") + (card.chapter_group ? " (" + card.chapter_group + ")" : "");
    if (card.optional) facts += " · " + words.optional;
    if (card.player_status) facts += " · " + words.your_status + ": " + shown(card.player_status, "quest_status", words);
    node.appendChild(el("p", "facts", facts));
    if (card.subtitle) node.appendChild(el("p", "subtitle", card.subtitle));
    if (card.description) node.appendChild(el("p", "description", card.description));
    if ((card.tasks || []).length) {
      node.appendChild(el("h4", null, words.tasks));
      node.appendChild(list("tasks", card.tasks, (t) => (t.type === "item" ? t.count + "× " : "") + t.label));
    }
    if ((card.rewards || []).length) {
      node.appendChild(el("h4", null, words.rewards));
      node.appendChild(list("rewards", card.rewards, rewardText.bind(null, words)));
    }
    const prereqs = card.prerequisites || [];
    if (prereqs.length) {
      const anyOne = prereqs.length > 1 && String(card.dependency_requirement || "").startsWith("one_");
      node.appendChild(el("h4", null, words.prerequisites + (anyOne ? " (" + words.any_of + ")" : "")));
      const ul = el("ul", "prerequisites");
      for (const quest of prereqs) {
        ul.appendChild(append(el("li", null, quest.title + " "), el("span", "muted", quest.chapter)));
      }
      node.appendChild(ul);
    }
    if ((card.unlocks || []).length) {
      node.appendChild(el("h4", null, words.unlocks));
      node.appendChild(list("unlocks", card.unlocks, (q) => q.title));
    }
    return node;
  }

  function rewardText(words, reward) {
    let text = (reward.count > 1 ? reward.count + "× " : "") + reward.label;
    if (reward.table) {
      const entries = (reward.table_entries || []).map((e) => e.label).join(", ");
      text += " (" + words.reward_table + " " + reward.table + (entries ? ": " + entries : "") + ")";
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

  function hidden(key) {
    return rules.hiddenFields.has(key) || rules.hiddenPrefixes.some((p) => key.startsWith(p)) ||
      rules.hiddenSuffixes.some((s) => key.endsWith(s));
  }

  // One line for a list entry of the generic layout (cards.py entry_text).
  function entryText(value, words) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const key of rules.entryKeys) {
        if (value[key]) return shown(value[key], null, words);
      }
      return Object.entries(value)
        .filter(([k, v]) => (v === null || typeof v !== "object") && !hidden(k))
        .map(([, v]) => shown(v, typeof v === "boolean" ? "yesno" : null, words))
        .join(", ");
    }
    return shown(value, null, words);
  }

  function emptyValue(value) {
    return value === null || value === undefined || value === "" ||
      (Array.isArray(value) && !value.length) ||
      (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length);
  }

  // [heading, facts, rows, text, lists] of a card by its layout (cards.py _laid_out).
  function laidOut(card, layout, words) {
    const facts = (layout.facts || []).map((f) => title(f, card, words)).filter(Boolean);
    const rows = [];
    for (const [label, format] of layout.rows || []) {
      const value = title(format, card, words);
      if (value) rows.push([label, value]);
    }
    const lists = [];
    for (const [label, key, format] of layout.lists || []) {
      const entries = card[key];
      if (!Array.isArray(entries) || !entries.length) continue;
      const lines = entries.map((e) => title(format, e && typeof e === "object" ? e : { value: e }, words));
      lists.push([label, lines.filter(Boolean)]);
    }
    const heading = title(layout.heading === undefined ? "{title}" : layout.heading, card, words);
    return [heading, facts, rows, title(layout.text || "", card, words), lists];
  }

  // The generic layout of a kind without one (cards.py _generic).
  function generic(card, fields, words) {
    const rows = [];
    const lists = [];
    for (const [key, value] of Object.entries(card)) {
      if (hidden(key) || emptyValue(value)) continue;
      const label = fields[key] || key.replace(/_/g, " ");
      if (Array.isArray(value)) lists.push([label, value.map((v) => entryText(v, words))]);
      else if (typeof value === "object") rows.push([label, entryText(value, words)]);
      else rows.push([label, shown(value, typeof value === "boolean" ? "yesno" : null, words)]);
    }
    return [shown(card.title || "", null, words), [], rows, "", lists];
  }

  function layoutCard(card, W) {
    const node = el("article", "card card-" + String(card.kind || "").toLowerCase().replace(/[^a-z0-9_-]/g, ""));
    // game-deliveries.js shows and updates the delivery status of such a card.
    if (card.delivery_reason) node.dataset.deliveryReason = String(card.delivery_reason);
    const layout = (W.layouts || {})[card.kind];
    const [heading, facts, rows, text, lists] = layout
      ? laidOut(card, layout, W.words)
      : generic(card, W.fields || {}, W.words);
    if (heading) node.appendChild(el("h3", null, heading));
    if (facts.length) node.appendChild(el("p", "facts", facts.join(" · ")));
    if (rows.length) {
      const dl = el("dl", "fields");
      for (const [label, value] of rows) append(dl, append(el("div"), el("dt", null, label), el("dd", null, value)));
      node.appendChild(dl);
    }
    if (text) node.appendChild(el("p", "card-text", text));
    for (const [label, lines] of lists) {
      if (label) node.appendChild(el("h4", null, label));
      node.appendChild(list(null, lines, (line) => line));
    }
    return node;
  }

  // A card in the words W of one language (the turn's question's).
  function card(data, W) {
    if (!data || typeof data !== "object") return null;
    if (data.kind === "item") return itemCard(data, W.words);
    if (data.kind === "quest") return questCard(data, W.words);
    if (data.kind === "source") return sourceCard(data);
    return layoutCard(data, W);
  }

  function sources(items, words) {
    const box = el("div", "sources");
    box.appendChild(el("h4", null, words.sources));
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

  function traceText(value) {
    return el("p", "trace-text", clip(value, TRACE_TEXT_CHARS));
  }

  // --- formats: the event titles of L.events (page/labels.py) and the card layouts,
  // read by the rules of page/describe.py, which renders the server's rows and cards
  // with the same formats. {a.b} a field, {a,b} the first one set, {a|ms} {a|int}
  // rounded, {a|coins} a count ("{n} coin" / "{n} coins": coins_one, coins_other),
  // {a|word} the label word_<value> if there is one; […] only when all its
  // fields are set; {?a} a condition, {!a} one that holds when a is not set.
  const FIELD = /\{([?!]?)([^}|]+)(?:\|([a-z_]+))?\}/g;
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

  // String(value), with objects as "key: value" pairs (describe.py _js).
  function text(value) {
    if (Array.isArray(value)) return value.map(text).join(", ");
    if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => k + ": " + text(v)).join(", ");
    return String(value);
  }

  function shown(value, word, L) {
    if (word === "ms" || word === "int") {
      const number = Number(value);
      const out = Number.isFinite(number) ? String(Math.round(number)) : text(value);
      return word === "ms" ? out + " ms" : out;
    }
    if (word && typeof L[word + "_one"] === "string") {
      const form = value === 1 ? L[word + "_one"] : L[word + "_other"] || L[word + "_one"];
      return form.replace("{n}", text(value));
    }
    if (word) return typeof L[word + "_" + text(value)] === "string" ? L[word + "_" + text(value)] : text(value);
    return value === true ? "" : text(value);
  }

  function fill(format, data, L, optional) {
    let missing = false;
    const out = format.replace(FIELD, (match, condition, paths, word) => {
      const value = field(data, paths);
      if (condition === "!") {
        missing = missing || isSet(value);
        return "";
      }
      if (!isSet(value)) {
        missing = true;
        return "?";
      }
      return condition ? "" : shown(value, word, L);
    });
    return optional && missing ? "" : out;
  }

  // A format filled in with data (describe.py title).
  function title(format, data, L) {
    let out = "";
    for (const [, group, plain] of format.matchAll(PART)) {
      out += group !== undefined ? fill(group, data, L, true) : fill(plain, data, L, false);
    }
    return out;
  }

  function eventTitle(kind, data, L) {
    const format = (L.events || {})[kind];
    return format ? title(format, data, L) : kind;
  }

  // [title, detail node or null, extra class] of one event, in the words of L.
  function describe(kind, data, L) {
    const name = eventTitle(kind, data, L);
    switch (kind) {
      case "run.started":
        return [name, traceText(data.question)];
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
        return [name, traceText(data.text)];
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

  window.AgentwebRender = { configure, el, append, json, card, sources, safeUrl, describe, title: eventTitle, fill: title };
})();
