// What Rangefinder keeps on this device, in localStorage, on the page's main thread (Python
// runs in a worker, which has no localStorage): each page's last inputs, the saved entries
// (a character, a ship: a page's inputs under a name) and each page's last rolls.
//
// One key, KEY, holds one JSON object of this format (README, "Saved on your device"):
//
//   { "version": 1,
//     "pages": { "<slug>": { "inputs": { "<input>": "<value>", ... }, "at": "<ISO date>" } },
//     "saved": [ { "name": "...", "page": "<slug>", "system": "...", "at": "<ISO date>",
//                  "inputs": { "<input>": "<value>", ... } } ],
//     "rolls": { "<slug>": [ { "at": "<ISO date>", "seed": "...", "log": ["...", ...] } ] } }
//
// Values are the deep link's strings: the page checks them as it checks a link's, input by
// input (webapp/pages/model.py, take_inputs). Every read is tolerant: storage disabled or
// throwing, malformed JSON (kept aside under UNREADABLE_KEY, never thrown away), foreign keys
// (left alone: only KEY is read or written; keys inside it that this build does not know are
// kept as they were), values of the wrong kind (left out, and named), a newer format (read
// as far as it is understood, and never written: a newer build's data stays as it was). A
// failed write (the quota, storage blocked) is returned, for the page to say beside the
// control. An older format is brought up to this one by MIGRATIONS, one version at a time.
//
// An ES module: it publishes its API as window.rangefinderStore for boot.js (a classic
// script) and the tests; it runs before boot.js (both are deferred, in document order).

export const KEY = "rangefinder-data";
export const UNREADABLE_KEY = "rangefinder-data-unreadable";
export const VERSION = 1;
export const ROLLS_KEPT = 20;

// MIGRATIONS[n] turns a format of version n into version n + 1. Version 0 is what no build
// wrote: nothing kept yet.
export const MIGRATIONS = {
  0: (data) => ({ ...data, version: 1 }),
};

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// An input's stored value as the link's string, or null where it is of no kind a link has.
function linkValue(value) {
  if (typeof value === "string") return value.length <= 200 ? value : null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return null;
}

// { inputs, problems }: the inputs of `raw` that are link values; the others named.
function cleanInputs(raw, where, problems) {
  const inputs = {};
  if (!isObject(raw)) {
    problems.push(`${where}: not a set of inputs`);
    return inputs;
  }
  for (const [name, value] of Object.entries(raw)) {
    const text = linkValue(value);
    if (text === null || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) {
      problems.push(`${where}: input ${JSON.stringify(name)} has a value that is not a number or text`);
    } else {
      inputs[name] = text;
    }
  }
  return inputs;
}

function validDate(value) {
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : null;
}

// The data in this build's format, as far as it can be read: { data, problems }. `data`
// keeps every key it does not know untouched.
export function migrate(raw) {
  const problems = [];
  let data = isObject(raw) ? { ...raw } : null;
  if (data === null) return { data: { version: VERSION, pages: {}, saved: [], rolls: {} }, problems: ["what was stored is not Rangefinder's format"], unreadable: true };
  let version = Number.isInteger(data.version) ? data.version : 0;
  if (version < 0) version = 0;
  while (version < VERSION) {
    data = MIGRATIONS[version](data);
    version += 1;
  }
  const clean = { ...data };
  clean.pages = {};
  if (data.pages !== undefined) {
    if (!isObject(data.pages)) problems.push("the remembered inputs are not in a readable form");
    else {
      for (const [slug, entry] of Object.entries(data.pages)) {
        if (!isObject(entry)) {
          problems.push(`page ${slug}: not a set of inputs`);
          continue;
        }
        clean.pages[slug] = { inputs: cleanInputs(entry.inputs, `page ${slug}`, problems), at: validDate(entry.at) };
      }
    }
  }
  clean.saved = [];
  if (data.saved !== undefined) {
    if (!Array.isArray(data.saved)) problems.push("the saved entries are not in a readable form");
    else {
      for (const entry of data.saved) {
        if (!isObject(entry) || typeof entry.name !== "string" || typeof entry.page !== "string") {
          problems.push("a saved entry without a name or page was left out");
          continue;
        }
        clean.saved.push({
          ...entry,
          system: typeof entry.system === "string" ? entry.system : "",
          at: validDate(entry.at),
          inputs: cleanInputs(entry.inputs, `saved entry ${JSON.stringify(entry.name)}`, problems),
        });
      }
    }
  }
  clean.rolls = {};
  if (isObject(data.rolls)) {
    for (const [slug, rolls] of Object.entries(data.rolls)) {
      if (!Array.isArray(rolls)) continue;
      clean.rolls[slug] = rolls.filter((r) => isObject(r) && typeof r.seed === "string"
        && Array.isArray(r.log) && r.log.every((line) => typeof line === "string")).slice(-ROLLS_KEPT);
    }
  }
  return { data: clean, problems, unreadable: false };
}

// The device's storage, or null where the browser refuses it (private mode, an embed whose
// third-party storage is blocked, a sandboxed frame): touching it may throw.
function storage() {
  try {
    const s = window.localStorage;
    return s ? s : null;
  } catch (error) {
    return null;
  }
}

function describeWriteError(error) {
  if (error && (error.name === "QuotaExceededError" || error.code === 22)) {
    return "this device's storage for Rangefinder is full";
  }
  return `this browser refused to store it (${error && error.name ? error.name : error})`;
}

// The store: state read once at start (read()), then each change re-reads the key first (an
// other tab may have written), changes it, and writes it back.
export class Store {
  constructor() {
    this.status = "ok";          // "ok", "unavailable", "newer" (read-only), "unreadable" (set aside)
    this.problems = [];          // what could not be read, in words
    this.data = { version: VERSION, pages: {}, saved: [], rolls: {} };
    this.read();
  }

  // Read what is stored: { status, problems }.
  read() {
    const s = storage();
    this.problems = [];
    let text = null;
    try {
      if (s === null) throw new Error("no localStorage");
      text = s.getItem(KEY);
    } catch (error) {
      this.status = "unavailable";
      this.problems = ["this browser does not let the page store anything here (private mode, or blocked storage)"];
      return this;
    }
    this.status = "ok";
    if (text === null) return this;
    let raw;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      raw = undefined;
    }
    const { data, problems, unreadable } = migrate(raw);
    this.problems = problems;
    if (unreadable) {
      // Kept aside, never thrown away: the next write would replace it.
      try {
        if (s.getItem(UNREADABLE_KEY) === null) s.setItem(UNREADABLE_KEY, text);
        this.status = "unreadable";
        this.problems = [`what was stored could not be read; it is kept aside as ${UNREADABLE_KEY}`];
      } catch (error) {
        this.status = "newer";   // cannot set it aside: do not overwrite it either
        this.problems = ["what was stored could not be read, and could not be set aside: nothing is written over it"];
      }
    } else if (Number.isInteger(raw.version) && raw.version > VERSION) {
      this.status = "newer";
      this.problems.unshift(`a newer Rangefinder stored this (format ${raw.version}): read as far as this version understands it, and not written to`);
    }
    this.data = data;
    return this;
  }

  get writable() {
    return this.status === "ok" || this.status === "unreadable";
  }

  // Change the data with `change(data)` and store it: { ok: true } or { ok: false, error }.
  update(change) {
    if (this.status === "unavailable") return { ok: false, error: "this browser does not let the page store anything" };
    if (this.status === "newer") return { ok: false, error: "a newer version of Rangefinder stored what is here, so this one does not write over it" };
    const s = storage();
    let base = this.data;
    try {
      const text = s.getItem(KEY);
      if (text !== null && this.status !== "unreadable") {
        const fresh = migrate(JSON.parse(text));
        if (!fresh.unreadable) base = fresh.data;
      }
    } catch (error) {
      // keep what was read at start
    }
    const next = structuredClone(base);
    change(next);
    next.version = Math.max(VERSION, Number.isInteger(next.version) ? next.version : VERSION);
    try {
      s.setItem(KEY, JSON.stringify(next));
    } catch (error) {
      return { ok: false, error: describeWriteError(error) };
    }
    this.data = next;
    if (this.status === "unreadable") this.status = "ok";
    return { ok: true };
  }

  // --- last inputs ---
  lastInputs(slug) {
    return this.data.pages[slug]?.inputs ?? null;
  }
  // { pages: { slug: inputs } }, for Python (webapp/browser.py, set_location).
  rememberedPages() {
    const pages = {};
    for (const [slug, entry] of Object.entries(this.data.pages)) pages[slug] = entry.inputs;
    return { pages };
  }
  rememberInputs(slug, inputs) {
    return this.update((data) => {
      data.pages = isObject(data.pages) ? data.pages : {};
      data.pages[slug] = { inputs: { ...inputs }, at: new Date().toISOString() };
    });
  }

  // --- saved entries (by name: one entry per name) ---
  savedEntries() {
    return [...this.data.saved].sort((a, b) => String(b.at).localeCompare(String(a.at)));
  }
  findSaved(name) {
    return this.data.saved.find((entry) => entry.name === name) ?? null;
  }
  save(entry) {
    const stored = { ...entry, at: new Date().toISOString() };
    return this.update((data) => {
      data.saved = (Array.isArray(data.saved) ? data.saved : []).filter((e) => e.name !== entry.name);
      data.saved.push(stored);
    });
  }
  renameSaved(from, to) {
    return this.update((data) => {
      data.saved = data.saved.filter((e) => e.name !== to);
      for (const entry of data.saved) if (entry.name === from) entry.name = to;
    });
  }
  removeSaved(name) {
    return this.update((data) => {
      data.saved = data.saved.filter((e) => e.name !== name);
    });
  }

  // --- roll history ---
  rolls(slug) {
    return this.data.rolls[slug] ?? [];
  }
  addRoll(slug, roll) {
    return this.update((data) => {
      data.rolls = isObject(data.rolls) ? data.rolls : {};
      data.rolls[slug] = [...(data.rolls[slug] ?? []), { ...roll, at: new Date().toISOString() }].slice(-ROLLS_KEPT);
    });
  }
  clearRolls(slug) {
    return this.update((data) => {
      if (isObject(data.rolls)) delete data.rolls[slug];
    });
  }

  // --- export and import ---
  // Add `entries` (of an export); an entry whose name is taken replaces it only if
  // `replace(entry)` says so. Returns { ok, added, replaced, kept } or { ok: false, error }.
  importEntries(entries, replace) {
    const added = [];
    const replaced = [];
    const kept = [];
    for (const entry of entries) {
      const old = this.findSaved(entry.name);
      if (!old) added.push(entry);
      else if (JSON.stringify(old.inputs) === JSON.stringify(entry.inputs) && old.page === entry.page) kept.push(entry.name);
      else if (replace(entry)) replaced.push(entry);
      else kept.push(entry.name);
    }
    const incoming = [...added, ...replaced];
    const result = this.update((data) => {
      const names = new Set(incoming.map((e) => e.name));
      data.saved = [...(Array.isArray(data.saved) ? data.saved : []).filter((e) => !names.has(e.name)), ...incoming];
    });
    return { ...result, added: added.map((e) => e.name), replaced: replaced.map((e) => e.name), kept };
  }
  exportJSON() {
    return JSON.stringify({ format: "rangefinder-saved", version: VERSION, exported: new Date().toISOString(), saved: this.data.saved }, null, 2);
  }
  // The entries of an exported file: { entries, problems }; an Error if it is not one.
  static parseExport(text) {
    let raw;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new Error("this is not a Rangefinder export (not JSON)");
    }
    if (!isObject(raw) || raw.format !== "rangefinder-saved" || !Array.isArray(raw.saved)) {
      throw new Error("this is not a Rangefinder export (no \"format\": \"rangefinder-saved\")");
    }
    const { data, problems } = migrate({ version: Number.isInteger(raw.version) ? raw.version : 0, saved: raw.saved });
    return { entries: data.saved, problems };
  }
}

window.rangefinderStore = new Store();
window.rangefinderStorage = { Store, migrate, KEY, UNREADABLE_KEY, VERSION, ROLLS_KEPT };
