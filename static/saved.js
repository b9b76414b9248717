// "Saved on this device": the saved entries (a page's inputs under a name: a character, a
// ship), and what the page says about the device's storage. Drawn by the page's main thread
// in #rf-device (index.html), outside the app, from the store of static/storage.js; a saved
// entry opens through boot.js (window.rangefinderApp.take), which asks Python to take the
// inputs its page has. Not in embeds (they keep to their link; one whose host opted in with
// remember=1 remembers its last inputs, and shows nothing of this panel).
const app = window.rangefinderApp;
const store = app?.store ?? null;
const section = document.getElementById("rf-device");
const html = document.documentElement;

const LINK_ONLY = new Set(["page", "embed", "view", "remember"]);

function inputsOf(search) {
  const inputs = {};
  for (const [key, value] of new URLSearchParams(search)) if (!LINK_ONLY.has(key)) inputs[key] = value;
  return inputs;
}

function linkOf(entry) {
  const query = new URLSearchParams({ page: entry.page });
  for (const [key, value] of Object.entries(entry.inputs)) query.set(key, value);
  return `?${query}`;
}

function dateOf(iso) {
  if (!iso) return "";
  try {
    return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
  } catch (error) {
    return "";
  }
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key in node) node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

if (section && store && html.dataset.embed !== "true") {
  section.hidden = false;
  const status = el("p", { className: "rf-device-status", role: "status", ariaLive: "polite", dataset: { testid: "device-status" } });
  const count = el("span", { className: "rf-device-count" });
  const summary = el("summary", {}, "Saved on this device", count);
  const nameBox = el("input", { type: "text", id: "rf-save-name", maxLength: 60, placeholder: "A name: a character, a ship…", autocomplete: "off" });
  const saveButton = el("button", { type: "button", className: "rf-device-btn rf-device-btn--primary", id: "rf-save" }, "Save these inputs");
  const saveRow = el("div", { className: "rf-device-save" },
    el("label", { htmlFor: "rf-save-name", className: "rf-sr" }, "Name of the saved entry"), nameBox, saveButton);
  const list = el("ul", { className: "rf-device-list", dataset: { testid: "saved-list" } });
  const empty = el("p", { className: "rf-device-empty" });
  // Export (one JSON file, downloaded) and import (a file, or pasted text): merged, asking
  // before an entry of the same name is replaced.
  const exportButton = el("button", { type: "button", className: "rf-device-btn", id: "rf-export" }, "Export all (JSON file)");
  const fileInput = el("input", { type: "file", accept: "application/json,.json", id: "rf-import-file", className: "rf-sr" });
  const importLabel = el("label", { htmlFor: "rf-import-file", className: "rf-device-btn", role: "button", tabIndex: 0 }, "Import a file…");
  const pasteBox = el("textarea", { id: "rf-import-text", rows: 3, placeholder: "…or paste an export here", spellcheck: false });
  const pasteButton = el("button", { type: "button", className: "rf-device-btn", id: "rf-import-paste" }, "Import pasted");
  const transfer = el("div", { className: "rf-device-transfer" },
    el("div", { className: "rf-device-actions" }, exportButton, importLabel, fileInput),
    el("label", { htmlFor: "rf-import-text", className: "rf-sr" }, "Paste an export"), pasteBox, pasteButton);
  const body = el("div", { className: "rf-device-body" }, saveRow, status, list, empty, transfer);
  const details = el("details", { className: "rf-device-details rf-saved" }, summary, body);
  // The roll history of the shown page: its last rolls, newest first, each replayable.
  const rollCount = el("span", { className: "rf-device-count" });
  const rollList = el("ol", { className: "rf-device-list rf-rolls-list", dataset: { testid: "roll-history" } });
  const clearButton = el("button", { type: "button", className: "rf-device-btn", id: "rf-clear-rolls" }, "Clear the roll history");
  const rolls = el("details", { className: "rf-device-details rf-rolls", open: true },
    el("summary", {}, "Your last rolls on this page", rollCount),
    el("div", { className: "rf-device-body" },
      el("p", { className: "rf-device-empty" }, `The last ${window.rangefinderStorage?.ROLLS_KEPT ?? 20} rolls of "Roll it" on this page, kept on this device. Replay one to roll its seed again.`),
      rollList, clearButton));
  // What went wrong with the device's storage, shown above the page whether the panel is
  // open or not: what could not be read (once), and a change that could not be remembered
  // (boot.js, after each change of an input; cleared once one is remembered again).
  const warning = el("p", { className: "rf-device-warning", role: "status", ariaLive: "polite", dataset: { testid: "device-warning" } });
  section.append(warning, details, rolls);
  let persistAsked = false;

  const say = (text) => { status.textContent = text; };
  const warnings = { read: "", remember: "" };
  const warn = () => { warning.textContent = [warnings.read, warnings.remember].filter(Boolean).join(" "); };
  window.rangefinderDevice = {
    // The last inputs could not be remembered (`error`), or were ("").
    remembered: (error) => {
      warnings.remember = error ? `Your inputs could not be remembered: ${error}.` : "";
      warn();
    },
  };

  // What the store could not read, named (its problems), once.
  if (store.status === "unavailable") warnings.read = `Nothing is remembered on this device: ${store.problems.join("; ")}.`;
  else if (store.problems.length) warnings.read = `About what this device had stored: ${store.problems.join("; ")}.`;
  warn();

  function entriesShown() {
    const { page, system } = app.shown;
    const all = store.savedEntries();
    if (page === "home") return all;
    return all.filter((entry) => entry.system === system);
  }

  function render() {
    const { page, system } = app.shown;
    const onHome = page === "home";
    saveRow.hidden = onHome;
    saveButton.disabled = !system;   // until the live page has said which page it is
    const entries = entriesShown();
    count.textContent = store.data.saved.length ? ` (${store.data.saved.length})` : "";
    list.replaceChildren(...entries.map((entry) => row(entry, onHome)));
    empty.textContent = entries.length ? "" : onHome
      ? "Nothing saved yet: open a calculator, set its inputs, and save them under a name."
      : `Nothing of ${system || "this system"} saved yet.`;
    // The landing page opens on the table's own characters and ships.
    if (onHome && entries.length) details.open = true;
    section.classList.toggle("rf-device--home", onHome);
    renderRolls();
  }

  function renderRolls() {
    const { page } = app.shown;
    const kept = page === "home" ? [] : store.rolls(page);
    rolls.hidden = kept.length === 0;
    rollCount.textContent = kept.length ? ` (${kept.length})` : "";
    rollList.replaceChildren(...[...kept].reverse().map((roll) => {
      const when = roll.at ? new Date(roll.at).toLocaleString() : "";
      const replay = el("button", { type: "button", className: "rf-device-btn", title: `Roll again with seed ${roll.seed}` }, "Replay");
      replay.addEventListener("click", () => { if (app.live) app.replay(roll.seed); });
      const head = el("div", { className: "rf-roll-head" },
        el("span", { className: "rf-device-name" }, `Seed ${roll.seed}`),
        el("span", { className: "rf-device-meta" }, when), replay);
      return el("li", { className: "rf-roll", dataset: { testid: "kept-roll", seed: roll.seed } },
        head, el("pre", { className: "rf-roll-log" }, roll.log.join("\n")));
    }));
  }

  function row(entry, onHome) {
    const link = el("a", { href: linkOf(entry), className: "rf-device-name", dataset: { testid: "saved-entry" } }, entry.name);
    link.addEventListener("click", (event) => {
      if (!app.live || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      load(entry, onHome);
    });
    const meta = el("span", { className: "rf-device-meta" },
      [entry.title || entry.page, entry.system, dateOf(entry.at)].filter(Boolean).join(" · "));
    const actions = el("span", { className: "rf-device-actions" });
    const button = (label, action, title) => {
      const b = el("button", { type: "button", className: "rf-device-btn", title }, label);
      b.addEventListener("click", action);
      actions.append(b);
    };
    if (!onHome) {
      button("Load", () => load(entry, false), `Fill this page's inputs from “${entry.name}”`);
      button("Overwrite", () => overwrite(entry), `Save this page's inputs as “${entry.name}”`);
    }
    button("Rename", () => rename(entry), `Rename “${entry.name}”`);
    button("Delete", () => remove(entry), `Delete “${entry.name}”`);
    return el("li", { className: "rf-device-entry" }, link, meta, actions);
  }

  async function load(entry, ownPage) {
    if (!app.live) return;
    const target = ownPage ? entry.page : app.shown.page;
    const taken = await app.take(target, entry.inputs, `“${entry.name}”`, entry.page);
    if (taken === null) say(`“${entry.name}” could not be loaded.`);
    else if (taken.length === 0) say(`“${entry.name}” shares no input with this page.`);
    else say(`Loaded “${entry.name}”: ${taken.join(", ")}.`);
  }

  function persist() {
    if (persistAsked || !navigator.storage?.persist) return "";
    persistAsked = true;
    return navigator.storage.persist().then((granted) => {
      html.dataset.persisted = String(granted);
      return granted
        ? " The browser will keep what is saved here until you clear it."
        : " The browser may clear what is saved here if space runs low: export a copy to keep it.";
    }, () => "");
  }

  async function stored(result, done) {
    if (!result.ok) {
      say(`Not saved: ${result.error}.`);
      html.dataset.saveError = result.error;
      return;
    }
    delete html.dataset.saveError;
    const kept = await persist();
    say(done + (kept || ""));
    render();
  }

  function entryNow(name) {
    const { search, page, title, system } = app.shown;
    return { name, page, title, system, inputs: inputsOf(search) };
  }

  async function save() {
    const name = nameBox.value.trim();
    if (!name) {
      say("Give the entry a name first.");
      nameBox.focus();
      return;
    }
    if (store.findSaved(name) && !window.confirm(`Replace the saved “${name}”?`)) return;
    await stored(store.save(entryNow(name)), `Saved “${name}”.`);
    nameBox.value = "";
  }

  async function overwrite(entry) {
    if (!window.confirm(`Replace “${entry.name}” with this page's inputs?`)) return;
    await stored(store.save(entryNow(entry.name)), `“${entry.name}” now holds this page's inputs.`);
  }

  async function rename(entry) {
    const name = window.prompt(`A new name for “${entry.name}”`, entry.name)?.trim();
    if (!name || name === entry.name) return;
    if (store.findSaved(name) && !window.confirm(`Replace the saved “${name}”?`)) return;
    await stored(store.renameSaved(entry.name, name), `“${entry.name}” is now “${name}”.`);
  }

  async function remove(entry) {
    if (!window.confirm(`Delete “${entry.name}”?`)) return;
    await stored(store.removeSaved(entry.name), `Deleted “${entry.name}”.`);
  }

  clearButton.addEventListener("click", () => {
    const result = store.clearRolls(app.shown.page);
    if (!result.ok) say(`The roll history could not be cleared: ${result.error}.`);
    renderRolls();
  });
  app.onRoll((msg) => { if (msg.page === app.shown.page) renderRolls(); });
  exportButton.addEventListener("click", () => {
    const blob = new Blob([store.exportJSON()], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = el("a", { href: url, download: `rangefinder-saved-${new Date().toISOString().slice(0, 10)}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    say(`Exported ${store.data.saved.length} saved ${store.data.saved.length === 1 ? "entry" : "entries"}.`);
  });
  function importText(text) {
    let parsed;
    try {
      parsed = window.rangefinderStorage.Store.parseExport(text);
    } catch (error) {
      say(`Not imported: ${error.message}.`);
      return;
    }
    const result = store.importEntries(parsed.entries,
      (entry) => window.confirm(`Replace the saved “${entry.name}” with the imported one?`));
    if (!result.ok) {
      say(`Not imported: ${result.error}.`);
      return;
    }
    const parts = [`Imported ${result.added.length + result.replaced.length} of ${parsed.entries.length}`];
    if (result.replaced.length) parts.push(`replaced ${result.replaced.map((n) => `“${n}”`).join(", ")}`);
    if (result.kept.length) parts.push(`kept ${result.kept.map((n) => `“${n}”`).join(", ")} as they were`);
    if (parsed.problems.length) parts.push(`left out: ${parsed.problems.join("; ")}`);
    say(`${parts.join("; ")}.`);
    persist();
    render();
  }
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    if (file) importText(await file.text());
    fileInput.value = "";
  });
  importLabel.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); fileInput.click(); }
  });
  pasteButton.addEventListener("click", () => {
    if (pasteBox.value.trim()) importText(pasteBox.value);
    pasteBox.value = "";
  });
  saveButton.addEventListener("click", save);
  nameBox.addEventListener("keydown", (event) => { if (event.key === "Enter") save(); });
  app.onShown(render);
  render();
}
