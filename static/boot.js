// The main thread: starts the Python worker, shows the prerendered page and real progress
// while it boots, then hands the page over to the live app in place, keeps the two in sync,
// and tells embedders when the app is interactive.
//
// Stages, in <html data-stage>: "loading" (nothing drawn yet), "prerendered" (the page as the
// build rendered it with its default inputs: real numbers, inputs not yet live), "updating"
// (the same, for a deep link whose inputs differ from the defaults: dimmed, its numbers are
// not the link's), "live" (the app has taken over; <html data-ready="true">).
// <html data-busy="true"> from a change on the page until Python has sent everything it
// changed in return ("false" then): the key figures come first, the charts and tables after.
//
// Longer than the ~600 lines of the style guide (about 730), on purpose: what remains here
// of the device's memory (issue 28) is the glue that must sit between the page and its
// worker, in this closure: the last inputs a bare link restores must be known before the
// worker is started and the prerendered page is staged ("updating"), a change is remembered
// in the same handler that writes the address bar (msg.remember), and a saved entry or a
// replay is a message to this page's worker. The rest is in modules of its own:
// static/storage.js (the format, its migration, the tolerant reads and writes) and
// static/saved.js (the saved entries, the roll history, export and import, the warnings),
// which reach this glue through window.rangefinderApp. Moving the glue out too would mean
// handing the worker and the page's state to another script for about 60 lines.
(function () {
  "use strict";
  const CONFIG = __RANGEFINDER_CONFIG__;
  const html = document.documentElement;
  const loader = document.getElementById("rf-loader");
  const loaderMsg = document.getElementById("rf-loader-msg");
  const progress = document.getElementById("rf-progress");
  const app = document.getElementById("rf-app");
  const started = performance.now();
  const params = new URLSearchParams(window.location.search);
  html.dataset.stage = "loading";

  // --- what this device remembers (static/storage.js): not in embeds, which keep to their
  // link, unless the host opted in (remember=1: the last inputs, nothing else) ---
  const LINK_ONLY = new Set(["page", "embed", "view", "remember"]);
  const yes = (name) => ["1", "true", "yes"].includes(params.get(name) || "");
  const embedded = yes("embed");
  const store = (embedded && !yes("remember")) ? null : (window.rangefinderStore || null);
  const bareLink = [...params.keys()].every((key) => LINK_ONLY.has(key));
  // The last inputs of the page a bare link (?page=<slug>) opens: Python restores them.
  const restoring = (store && bareLink && params.get("page")) ? store.lastInputs(params.get("page")) : null;
  const lastSearch = {};   // the last address of each page, to remember only what changed
  if (store) html.dataset.storage = store.status;
  function inputsOf(search) {
    const inputs = {};
    for (const [key, value] of new URLSearchParams(search)) if (!LINK_ONLY.has(key)) inputs[key] = value;
    return inputs;
  }

  function showStatus(msg) { if (loaderMsg) loaderMsg.textContent = msg; }
  function setProgress(value) {
    if (progress) {
      progress.value = Math.max(Number(progress.value) || 0, value);
      progress.setAttribute("aria-valuenow", String(progress.value));
    }
  }
  function showError(msg) {
    // Shown even after the app is up: a failure is never silent.
    html.dataset.error = "true";
    if (loader) {
      loader.classList.add("rf-loader--error");
      loader.hidden = false;
    }
    showStatus(msg);
  }

  // An embed below the fold of its host page, or scrolled out of it, is out of view: it takes
  // over from its prerendered page without waiting for a frame (a browser draws none there).
  let outOfView = false;
  if (window.parent !== window && typeof IntersectionObserver === "function") {
    new IntersectionObserver((entries) => {
      outOfView = !entries[entries.length - 1].isIntersecting;
    }).observe(html);
  }

  // --- the worker, started first: everything else happens while it boots ---
  // Resolved once this page knows which worker it is on (<html data-worker>: dedicated,
  // joined or shared, and for a shared one, whether another embed was on it first). A shared
  // worker that a browser denies fails some time later; the prerendered page may be drawn by
  // then, and when BokehJS loads depends on the answer.
  let workerKnown;
  const knowWorker = new Promise((resolve) => { workerKnown = resolve; });
  const worker = startWorker();
  setProgress(1);

  // The Python worker, as { postMessage, onmessage, onerror }. A page has its own dedicated
  // Worker; embeds share one SharedWorker per build (one Python for every embed of this site
  // on a host page, each with its own session in it), and fall back to a dedicated Worker
  // where SharedWorker is missing or does not start.
  //
  // Where the SharedWorker is denied (a host page on another site, in a browser that blocks
  // third-party storage: this Chromium does by default), embeds still share one Python: the
  // first to fall back starts a dedicated Worker and lets its siblings of the same origin on
  // the host page join it (window.rangefinderJoin); the others find it through the host's
  // frames (joinSibling) and talk to that worker through a MessagePort of their own.
  function startWorker() {
    const link = { onmessage: null, onerror: null, postMessage: null };
    const dedicated = () => {
      if (html.dataset.embed === "true") {
        const sibling = joinSibling();
        if (sibling) return joined(sibling);
      }
      const w = new Worker("worker.js", { type: "module" });
      w.onmessage = (event) => link.onmessage?.(event);
      w.onerror = (event) => link.onerror?.(event);
      html.dataset.worker = "dedicated";
      workerKnown();
      if (html.dataset.embed === "true") {
        window.rangefinderJoin = (buildId, port) => {
          if (buildId !== CONFIG.buildId) return false;
          w.postMessage({ type: "join" }, [port]);
          return true;
        };
      }
      return (msg) => w.postMessage(msg);
    };
    // A sibling iframe of this build, on the same host page, whose worker this page can join:
    // { port, frame }, or null. Frames of other origins throw on access and are skipped.
    const joinSibling = () => {
      let frames;
      try {
        frames = window.parent.frames;
      } catch (error) {
        return null;
      }
      for (let i = 0; i < frames.length; i += 1) {
        try {
          const frame = frames[i];
          if (frame === window || typeof frame.rangefinderJoin !== "function") continue;
          const channel = new MessageChannel();
          if (frame.rangefinderJoin(CONFIG.buildId, channel.port2)) return { port: channel.port1, frame };
        } catch (error) {
          // another origin's frame, or one going away
        }
      }
      return null;
    };
    const joined = ({ port, frame }) => {
      html.dataset.worker = "joined";
      workerKnown();
      port.onmessage = (event) => link.onmessage?.(event);
      addEventListener("pagehide", () => port.postMessage({ type: "bye" }));
      // The sibling that runs the Python may go (its iframe removed or reloaded), and its
      // worker with it: this page then reloads from its address, which holds its inputs.
      frame.addEventListener("pagehide", () => window.location.reload());
      port.start();
      return (msg) => port.postMessage(msg);
    };
    if (html.dataset.embed !== "true" || typeof SharedWorker !== "function") {
      link.postMessage = dedicated();
      return link;
    }
    let shared;
    try {
      shared = new SharedWorker("worker.js", { type: "module", name: `rangefinder-${CONFIG.buildId}` });
    } catch (error) {
      console.warn("Rangefinder: no shared worker, a worker of its own:", error);
      link.postMessage = dedicated();
      return link;
    }
    const port = shared.port;
    const outbox = [];       // sent before the shared worker answered: replayed on a fallback
    let state = "waiting";   // "waiting" for its hello, "shared", or "dedicated" (gave up)
    let send = null;
    const fallBack = (why) => {
      if (state !== "waiting") return;
      state = "dedicated";
      console.warn(`Rangefinder: the shared worker did not start (${why}); joining a sibling embed's worker or starting one`);
      port.close();
      send = dedicated();
      for (const msg of outbox.splice(0)) send(msg);
    };
    link.postMessage = (msg) => {
      if (state === "dedicated") send(msg);
      else {
        if (state === "waiting") outbox.push(msg);
        port.postMessage(msg);
      }
    };
    port.onmessage = (event) => {
      if (state === "dedicated") return;
      if (state === "waiting") {
        state = "shared";
        outbox.length = 0;
        html.dataset.worker = "shared";
        // Leaving: the shared Python drops this page's session ("bye"); if the page ends
        // without one (a crash), the worker learns it from this Web Lock being released.
        addEventListener("pagehide", () => port.postMessage({ type: "bye" }));
        addEventListener("pageshow", (e) => { if (e.persisted) window.location.reload(); });
        const lock = `rangefinder-client-${Date.now()}-${Math.random().toString(36).slice(2)}`;
        navigator.locks?.request(lock, () => {
          port.postMessage({ type: "lock", name: lock });
          return new Promise(() => {});
        }).catch(() => {});
      }
      link.onmessage?.(event);
      workerKnown();   // (after its hello, which says whether this page follows another)
    };
    shared.onerror = () => fallBack("error");
    setTimeout(() => fallBack("no answer in 10 s"), 10000);
    port.start();
    return link;
  }
  // The worker builds this page's document for its link and theme at once.
  worker.postMessage({ type: "start", search: window.location.search, theme: html.dataset.theme });

  // --- theme toggle (the shell owns it; the worker only recolours its charts) ---
  const toggle = document.getElementById("rf-theme-toggle");
  function applyTheme(theme) {
    html.dataset.theme = theme;
    if (toggle) {
      toggle.setAttribute("aria-pressed", String(theme === "dark"));
      toggle.title = theme === "dark" ? "Switch to the light theme" : "Switch to the dark theme";
    }
    try { localStorage.setItem("rangefinder-theme", theme); } catch (e) { /* storage blocked */ }
    worker.postMessage({ type: "theme", theme });
  }
  if (toggle) {
    toggle.addEventListener("click", () => applyTheme(html.dataset.theme === "dark" ? "light" : "dark"));
  }

  // --- the prerendered page ---
  // Put into #rf-pre, which is inert (shown, not live) until the app takes over: the build's
  // snapshot (HTML, no BokehJS needed), or else the prerendered document drawn by BokehJS.
  let pre = null;          // { element, views }
  let lastStep = "Starting Python";
  let live = false;        // the worker's document is drawn (the prerender is no longer needed)

  function differsFromDefaults(defaults) {
    for (const [key, value] of params) {
      if (key === "page" || key === "embed") continue;
      if (!(key in defaults) || String(defaults[key]) !== value) return true;
    }
    return restoringDiffers(defaults);
  }
  // The remembered inputs the page will restore differ from the prerendered defaults: its
  // numbers are not the restored ones.
  function restoringDiffers(defaults) {
    if (!restoring) return false;
    return Object.entries(restoring).some(([key, value]) => !(key in defaults) || String(defaults[key]) !== value);
  }

  // BokehJS and Panel's JS: about 3 MB to compile, needed to draw the live app (and the
  // BokehJS prerender), not to show the snapshot. Loaded in order, once.
  let bokehLoading = null;
  let follower = false;      // an embed on a Python that another embed was on first
  let bokehWaits = false;    // BokehJS is loaded once Python has imported the app
  function startBokeh(when) {
    bokehWaits = false;
    loadBokeh(when).catch((error) => showError(String(error)));
  }
  // `when` it was first asked for (<html data-bokeh-load>, for the browser tests).
  function loadBokeh(when) {
    if (bokehLoading === null) {
      html.dataset.bokehLoad = when;
      // The sliced-eval lever: the bundles' modules evaluated a slice at a time
      // (bokeh-sliced.js), then the scripts that need them; scriptsAfter fetched meanwhile.
      bokehLoading = addScripts(CONFIG.scripts, CONFIG.scriptsAfter)
        .then(() => window.rfSlicedEval && window.rfSlicedEval.evaluate())
        .then(() => addScripts(CONFIG.scriptsAfter))
        .then(() => window.Bokeh);
    }
    return bokehLoading;
  }
  // Puts `sources` in the page as scripts that run in the listed order (async = false: in
  // the order they were put in, whatever task put them there), then has `preload` fetched
  // ahead; resolves once the last script has run. One element a task: under DevTools'
  // tracing, as Lighthouse runs a page, each request records its initiator's stack (1-2 ms
  // each), and the 12 elements put in at once were one task of 16-38 ms in Lighthouse's
  // traces, 64-152 ms in its simulated 4x slowdown (issue 30).
  async function addScripts(sources, preload = []) {
    const scripts = sources.map((src) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = false;
      return script;
    });
    const ran = new Promise((resolve, reject) => {
      for (const script of scripts) {
        script.addEventListener("error", () => reject(new Error(`${script.getAttribute("src")} did not load`)));
      }
      if (scripts.length === 0) resolve();
      else scripts[scripts.length - 1].addEventListener("load", () => resolve());
    });
    ran.catch(() => {});   // (returned below, once every element is in)
    for (const [index, script] of scripts.entries()) {
      if (index > 0) await nextTask();
      document.head.appendChild(script);
    }
    for (const src of preload) {
      await nextTask();
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "script";
      link.href = src;
      document.head.appendChild(link);
    }
    return ran;
  }

  // Stored gzipped (as small on disk as on the wire); some hosts send .gz files with
  // Content-Encoding: gzip, and the browser has inflated them already.
  async function readGzipJSON(response) {
    let bytes = new Blob([await response.arrayBuffer()]);
    const magic = new Uint8Array(await bytes.slice(0, 2).arrayBuffer());
    if (magic[0] === 0x1f && magic[1] === 0x8b) {
      bytes = await new Response(bytes.stream().pipeThrough(new DecompressionStream("gzip"))).blob();
    }
    return JSON.parse(await bytes.text());
  }

  function showStage(defaults) {
    const stage = differsFromDefaults(defaults) ? "updating" : "prerendered";
    html.dataset.stage = stage;
    loader.classList.add("rf-loader--slim");
    const why = restoringDiffers(defaults) ? "Updating the numbers for your last inputs on this device…"
      : "Updating the numbers for your link…";
    showStatus(stage === "updating" ? why : `Getting the calculator ready: ${lastStep.toLowerCase()}`);
  }

  function prerenderedElement() {
    const element = document.createElement("div");
    element.id = "rf-pre";
    element.className = "rf-pre";
    element.inert = true;   // inputs shown, not yet live
    return element;
  }

  // A snapshot's edits ([start, length, text], ascending, in the string's UTF-16 units) made
  // to `old` (sitebuild/snapshot.py apply()).
  function applyEdits(old, edits) {
    const pieces = [];
    let at = 0;
    for (const [start, length, text] of edits) {
      pieces.push(old.slice(at, start), text);
      at = start + length;
    }
    pieces.push(old.slice(at));
    return pieces.join("");
  }

  // Let the browser run what waits (a tap, a frame, a message from the worker) before going
  // on; bokeh-sliced.js (the sliced-eval lever) uses it too.
  function nextTask() {
    if (globalThis.scheduler && typeof scheduler.yield === "function") return scheduler.yield();
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  }
  window.rfNextTask = nextTask;

  // Long work done a slice at a time (issue 30): a slicer's due() says that SLICE_MS have
  // passed since its slice began, its next() yields (nextTask) and begins the next slice,
  // and `slices` counts them. The snapshot's stylesheets are parsed with one,
  // bokeh-sliced.js evaluates BokehJS's modules with one (window.rfSlicer), and embedItems
  // builds the live document's views with one.
  // A slice's length: Lighthouse's simulated 4x slowdown multiplies what it records at full
  // speed, so a task counts as long from 12.5 ms there; a slice also holds the step that
  // ends it and the yield: 10 ms slices ran 12-19 ms (a trace of Lighthouse's run), 5 ms
  // ones stay under 12.5 ms. On a phone, where the clock is the slowed one, a slice is 5 ms
  // of its time.
  const SLICE_MS = 5;
  function slicer(budgetMs = SLICE_MS) {
    let start = performance.now();
    const clock = {
      slices: 1,
      due: () => performance.now() - start >= budgetMs,
      async next() {
        await nextTask();
        start = performance.now();
        clock.slices += 1;
      },
    };
    return clock;
  }
  window.rfSlicer = slicer;

  // The sliced-render lever (CONFIG.slicedRender): the live document's first drawing as
  // BokehJS's embed_items draws it, in several tasks instead of one (issue 30: the longest
  // task left at takeover on a phone). embed_items makes the document from its JSON, then for
  // each root builds its views (an async tree of build_views calls whose awaits never leave
  // the task) and draws them (one synchronous call). Here the same steps run with a yield
  // between them: after the document is made, inside the views' building whenever a slice is
  // due (before each build_views call: a layout's children), and once a root's views are
  // built, before it is drawn. The drawing itself is one call of BokehJS's (split-draw, below,
  // splits it). It calls BokehJS 3.10's own functions (embed/dom, embed/standalone,
  // document/document, core/build_views, core/view_manager, through Bokeh.require); if one
  // is missing (another BokehJS), embed_items draws as before. Nothing else reaches the
  // document while it yields: the worker sends no change before the page says it has drawn
  // it. Sets <html data-render-slices> to the number of tasks it took (for the tests).
  let renderParts;
  function bokehRenderParts(Bokeh) {
    try {
      const parts = {
        dom: Bokeh.require("embed/dom"),
        standalone: Bokeh.require("embed/standalone"),
        Document: Bokeh.require("document/document").Document,
        buildViews: Bokeh.require("core/build_views"),
        ViewManager: Bokeh.require("core/view_manager").ViewManager,
      };
      const ok = typeof parts.dom._resolve_element === "function"
        && typeof parts.dom._resolve_root_elements === "function"
        && typeof parts.standalone.add_document_standalone === "function"
        && typeof parts.Document.from_json === "function"
        && typeof parts.buildViews.build_views === "function"
        && typeof parts.ViewManager.prototype.build_view === "function";
      return ok ? parts : null;
    } catch (error) {
      return null;
    }
  }
  // The sliced-decode lever (CONFIG.slicedDecode): the live document made from its JSON as
  // BokehJS 3.10.1's Document.from_json makes it, in several tasks instead of one (58-102 ms
  // at a phone's 4x slowdown on a calculator page, once the takeover's other steps were
  // sliced). Its Deserializer walks the JSON depth first in one call, making each model as
  // its definition is met (new cls({id}), its attributes decoded, initialize_props), then
  // finalizes every model made (finalize, then connect_signals). Here the same walk runs in
  // the same order, as an async function that yields after a model's definition whenever a
  // slice is due, and the two finalizing loops yield between models; an array or object that
  // holds no array or object (most attributes), and every kind of value that cannot define a
  // model, is decoded by BokehJS's own _decode. Nothing else reaches the models meanwhile
  // (the document is returned once whole). Mirrors BokehJS 3.10.1's code (its map decoded to
  // a plain object when every key is a string, a model met twice updated with setv), so it
  // runs with that version only; with another, Document.from_json makes the document.
  let decodeParts;
  function bokehDecodeParts(Bokeh) {
    try {
      if (Bokeh.version !== "3.10.1") return null;
      const { Deserializer } = Bokeh.require("core/serialization/deserializer");
      const { ModelResolver } = Bokeh.require("core/resolvers");
      const { default_resolver: defaultResolver } = Bokeh.require("base");
      const { entries } = Bokeh.require("core/util/object");
      const { isArray, isPlainObject, isString } = Bokeh.require("core/util/types");
      const { Document } = Bokeh.require("document/document");
      const probe = new Deserializer(defaultResolver);
      const ok = [entries, isArray, isPlainObject, isString, Document._handle_version]
        .every((f) => typeof f === "function")
        && ["decode", "_decode", "_resolve_type", "error"]
          .every((name) => typeof probe[name] === "function")
        && probe._finalizable instanceof Set && probe._buffers instanceof Map
        && probe._decoding === false && typeof ModelResolver === "function"
        && ["_push_all_models_freeze", "_pop_all_models_freeze", "on_change", "remove_on_change",
          "on_event", "add_root", "set_title"]
          .every((name) => typeof Document.prototype[name] === "function");
      if (!ok) return null;
      return {
        Document, Deserializer, ModelResolver, defaultResolver, entries,
        SlicedDeserializer: slicedDeserializer(Deserializer, isArray, isPlainObject, isString),
      };
    } catch (error) {
      return null;
    }
  }
  // BokehJS's Deserializer, with decodeSliced: its decode as an async function.
  function slicedDeserializer(Deserializer, isArray, isPlainObject, isString) {
    const holds = (value) => typeof value === "object" && value !== null;
    return class extends Deserializer {
      constructor(resolver, references, finalize, slice) {
        super(resolver, references, finalize);
        this.slice = slice;
      }
      async decodeSliced(obj) {
        this._decoding = true;
        let finalizable;
        let decoded;
        try {
          decoded = await this.walk(obj);
        } finally {
          finalizable = new Set(this._finalizable);
          this._decoding = false;
          this._buffers.clear();
          this._finalizable.clear();
        }
        for (const instance of finalizable) {
          this.finalize?.(instance);
          instance.finalize();
          instance.assert_initialized();
          if (this.slice.due()) await this.slice.next();
        }
        for (const instance of finalizable) {
          instance.connect_signals();
          if (this.slice.due()) await this.slice.next();
        }
        return decoded;
      }
      // _decode, where a value may define a model; any other value is _decode's own.
      async walk(obj) {
        if (isArray(obj)) {
          if (!obj.some(holds)) return this._decode(obj);
          const decoded = [];
          for (const item of obj) decoded.push(await this.walk(item));
          return decoded;
        }
        if (!isPlainObject(obj)) return obj;
        if (!isString(obj.type)) {
          if (isString(obj.id) || !Object.values(obj).some(holds)) return this._decode(obj);
          const decoded = {};
          for (const [key, val] of Object.entries(obj)) decoded[key] = await this.walk(val);
          return decoded;
        }
        switch (obj.type) {
          case "array":
          case "set": {
            const decoded = [];
            for (const entry of obj.entries ?? []) decoded.push(await this.walk(entry));
            return obj.type === "set" ? new Set(decoded) : decoded;
          }
          case "map": {
            const pairs = [];
            for (const [key, val] of obj.entries ?? []) pairs.push([await this.walk(key), await this.walk(val)]);
            return pairs.every(([key]) => isString(key)) ? Object.fromEntries(pairs) : new Map(pairs);
          }
          case "value":
          case "field":
          case "expr": {
            const decoded = { [obj.type]: await this.walk(obj[obj.type]) };
            decoded.transform = obj.transform != null ? await this.walk(obj.transform) : undefined;
            decoded.units = obj.units != null ? await this.walk(obj.units) : undefined;
            return decoded;
          }
          case "object":
            return isString(obj.id) ? this.walkModel(obj) : this._decode(obj);
          default:
            return this._decode(obj);
        }
      }
      // _decode_object_ref: a model's definition.
      async walkModel(obj) {
        const { id, name: type, attributes } = obj;
        const known = this.references.get(id);
        if (known != null) {
          if (known.type != type) {
            this.error(`type mismatch for an existing reference '${known}', expected '${type}'`);
          }
          known.setv(await this.walk(attributes ?? {}), { sync: false });
          return known;
        }
        const cls = this._resolve_type(type);
        const instance = new cls({ id });
        this.references.set(id, instance);
        instance.initialize_props(await this.walk(attributes ?? {}));
        this._finalizable.add(instance);
        if (this.slice.due()) await this.slice.next();
        return instance;
      }
    };
  }
  // Document.from_json (BokehJS 3.10.1), its config, roots and callbacks decoded with
  // decodeSliced.
  async function fromJsonSliced(json, slice, parts) {
    const { Document, Deserializer, ModelResolver, defaultResolver, entries, SlicedDeserializer } = parts;
    Document._handle_version(json);
    const resolver = new ModelResolver(defaultResolver);
    if (json.defs != null) new Deserializer(resolver).decode(json.defs, new Map());
    const doc = new Document({ resolver });
    doc._push_all_models_freeze();
    const listener = () => {};
    doc.on_change(listener, true);
    const deserializer = new SlicedDeserializer(
      resolver, doc._all_models, (obj) => obj.attach_document(doc), slice);
    const config = await deserializer.decodeSliced(json.config);
    if (config != null) doc.config = config;
    const roots = await deserializer.decodeSliced(json.roots);
    const callbacks = json.callbacks != null ? await deserializer.decodeSliced(json.callbacks) : {};
    doc.remove_on_change(listener);
    for (const [event, eventCallbacks] of entries(callbacks)) doc.on_event(event, ...eventCallbacks);
    for (const root of roots) doc.add_root(root);
    if (json.title != null) doc.set_title(json.title);
    doc._pop_all_models_freeze();
    return doc;
  }
  // For the browser tests: a document made from `json` as the takeover makes it, its slices
  // `budgetMs` long (0: a yield after every model), and how many tasks it took.
  window.rfFromJsonSliced = async (json, budgetMs) => {
    if (decodeParts === undefined) decodeParts = bokehDecodeParts(window.Bokeh);
    if (decodeParts === null) return null;
    const slice = slicer(budgetMs);
    const doc = await fromJsonSliced(json, slice, decodeParts);
    return { doc, slices: slice.slices };
  };

  // The split-draw lever (CONFIG.splitDraw): the drawing of a root, which sliced-render
  // leaves as one call, in several tasks. BokehJS's DOMView.build puts the root's elements in
  // the page (render_to; with layout-first, then writes the layouts' CSS: update_layout), then
  // runs every view's after_render (r_after_render: each measures itself; the root layout then
  // writes the layouts' CSS again and lays the tree out: invalidate_layout), then tells the
  // document (notify_finished). Here each of these runs in its own task, and the root's
  // compute_layout (BokehJS 3.10's LayoutDOMView.compute_layout: measure_layout,
  // update_bbox, _compute_layout, after_layout) runs its steps with a yield between, the
  // tree styled in a task of its own before the first (a computed style read). The
  // walks of the tree (r_after_render; layout-first's update_layout, while the tree is out
  // of the page; measure_layout: the plots measure their axes' labels; after_layout: they
  // paint) yield between two views whenever a slice is due, and a plot's after_layout paints
  // it in a task of its own (paused while it lays out, then painted as its _after_layout
  // would have). A view whose class walks its own way (its own r_after_render,
  // update_layout, measure_layout, after_layout or compute_layout) is walked as BokehJS
  // walks it, in one call. The live document is drawn out of sight and nothing reaches it
  // while it yields. Each view watches its own size (a ResizeObserver, made as the view is
  // built), and a frame between two of these tasks would tell views drawn halfway that they
  // changed size (the root then draws itself again: "wasn't built properly"): the observers
  // made during the drawing hold what they see until it is done, then tell it a view at a
  // time, a slice at a time (118 observers on cepheus-attack, 49-55 ms in one task at a
  // real 4x), still holding until all are told, as the first frame after a drawing in one
  // task would. A compute_layout asked for meanwhile runs once more at the end, whole, as
  // BokehJS would. Uses BokehJS 3.10's core/dom_view, models/layouts/layout_dom and
  // models/plots/plot_canvas; if one differs, a root is drawn in one call as before.
  let drawParts;
  function bokehDrawParts(Bokeh) {
    try {
      const { DOMView } = Bokeh.require("core/dom_view");
      const { LayoutDOMView } = Bokeh.require("models/layouts/layout_dom");
      const { PlotView } = Bokeh.require("models/plots/plot_canvas");
      const methods = (cls, names) =>
        names.every((name) => typeof cls?.prototype?.[name] === "function");
      return methods(DOMView, ["build", "render_to", "r_after_render", "after_render",
        "children", "notify_finished"])
        && methods(LayoutDOMView, ["compute_layout", "measure_layout", "_measure_layout",
          "update_bbox", "_compute_layout", "after_layout", "_after_layout", "update_layout",
          "_update_layout", "update_style"])
        && methods(PlotView, ["pause", "unpause", "paint"])
        && PlotView.prototype instanceof LayoutDOMView
        ? { DOMView, LayoutDOMView, PlotView }
        : null;
    } catch (error) {
      return null;
    }
  }
  // BokehJS's walk of a layout tree for `step` (measure_layout or after_layout: each child
  // layout's, then the view's own `last`), with a yield between two views when a slice is
  // due; a view whose class has its own `step` takes it whole. A plot's _after_layout runs
  // paused (its paint skipped: PlotView.paint returns while paused), then it is painted in
  // the next slice, if it still needs to be (_needs_paint, as _after_layout checks it).
  async function walkSliced(view, slice, parts, step, last) {
    if (view[step] !== parts.LayoutDOMView.prototype[step]) {
      view[step]();
      return;
    }
    for (const child of view.layoutable_views) {
      await walkSliced(child, slice, parts, step, last);
      if (slice.due()) await slice.next();
    }
    if (last !== "_after_layout" || !(view instanceof parts.PlotView)) {
      view[last]();
      return;
    }
    view.pause();
    try {
      view[last]();
    } finally {
      view.unpause(true);
    }
    if (view._needs_paint === false) return;
    if (slice.due()) await slice.next();
    if (view._needs_paint !== false) view.paint();
  }
  // BokehJS's LayoutDOMView.update_layout (its style, its children's parent styles cleared,
  // each child layout's update_layout, then its own _update_layout), with a yield between
  // two views when a slice is due; a view whose class has its own update_layout takes it
  // whole. Only for a tree out of the page (layout-first's call, before it is put in): in
  // the page (the root's after_render), a frame between two slices styled the tree with its
  // children's styles cleared, then the next step styled it again once they were written
  // back: two style recalculations of 33-38 ms at a real 4x, where the one after the call
  // in one task took 7-17 ms.
  async function updateLayoutSliced(view, slice, own) {
    if (view.update_layout !== own.update_layout) {
      view.update_layout();
      return;
    }
    view.update_style();
    for (const child of view.child_views) child.parent_style.clear();
    for (const child of view.layoutable_views) {
      await updateLayoutSliced(child, slice, own);
      if (slice.due()) await slice.next();
    }
    view._update_layout();
  }
  // BokehJS's DOMView.r_after_render (each child view's, then the view's own after_render),
  // with a yield between two views when a slice is due; a view whose class has its own
  // r_after_render takes it whole.
  async function afterRenderSliced(view, slice, DOMView) {
    const own = DOMView.prototype;
    if (view.r_after_render !== own.r_after_render) {
      view.r_after_render();
      return;
    }
    for (const child of [...view.children()]) {
      if (!(child instanceof DOMView)) continue;
      await afterRenderSliced(child, slice, DOMView);
      if (slice.due()) await slice.next();
    }
    view.after_render();
    view._was_built = true;
  }
  // A view's render, each view it puts in its own element (render_to, its target the view's
  // element or in its shadow root) drawn after it, in order, a slice at a time: its element
  // is put in place at once, empty, and filled later. A view put elsewhere (a tooltip, in the
  // page's body) is drawn at once, as before. The tree is out of the page meanwhile (its root
  // is put in once drawn, as render_to does).
  async function renderSliced(view, slice, { DOMView }) {
    const later = [];
    const renderTo = DOMView.prototype.render_to;
    DOMView.prototype.render_to = function (target) {
      if (target !== view.el && target.getRootNode() !== view.shadow_el) {
        return renderTo.call(this, target);
      }
      target.appendChild(this.el);
      later.push(this);
    };
    try {
      view.render();
    } finally {
      DOMView.prototype.render_to = renderTo;
    }
    for (const child of later) {
      if (slice.due()) await slice.next();
      await renderSliced(child, slice, { DOMView });
    }
  }
  // A drawn tree put in the page in parts (split-draw): the largest subtrees of at most
  // 1/DRAW_PARTS of its views each swapped for a placeholder (a comment), the rest put in
  // `target`, then the parts put back in their places, a group of sibling subtrees at a time,
  // each group styled at once (a computed style read), with a yield whenever a slice is due.
  // Putting a tree in the page parses its shadow roots' stylesheets and styles it; in one
  // piece, that was one task and one frame (on cepheus-attack at 4x: appendChild 96 ms, then
  // style 167 ms). Finer parts (every view's element on its own) made the page live 2 s
  // later at 4x. An element already in the page (a tooltip, in the page's body) or in no tree
  // stays as it is. Adds the groups to <html data-draw-parts> (for the tests).
  const DRAW_PARTS = 8;
  async function attachInParts(view, target, slice, parts) {
    const views = (v) => (v.children_views?.() ?? []).filter((child) => child != null);
    const size = new Map();
    const count = (v) => {
      let n = 1;
      for (const child of views(v)) n += count(child);
      size.set(v, n);
      return n;
    };
    const limit = Math.max(1, Math.floor(count(view) / parts));
    // Each group: the placeholders and elements of sibling subtrees of limit views at most
    // in all, put back together.
    const groups = [];
    const split = (v) => {
      let group = null;
      let weight = 0;
      for (const child of views(v)) {
        const el = child.el;
        if (size.get(child) > limit) {
          group = null;
          split(child);
        } else if (el instanceof Element && !el.isConnected && el.parentNode !== null) {
          if (group === null || weight + size.get(child) > limit) {
            group = [];
            weight = 0;
            groups.push(group);
          }
          const mark = document.createComment("rf-part");
          el.replaceWith(mark);
          group.push([mark, el]);
          weight += size.get(child);
        }
      }
    };
    split(view);
    target.appendChild(view.el);
    void getComputedStyle(view.el).display;
    for (const group of groups) {
      if (slice.due()) await slice.next();
      for (const [mark, el] of group) mark.replaceWith(el);
      void getComputedStyle(group[0][1]).display;  // styled now
    }
    html.dataset.drawParts = String(Number(html.dataset.drawParts || 0) + groups.length);
  }
  async function finishDrawing(view, target, slice, parts) {
    const { DOMView, LayoutDOMView } = parts;
    const own = LayoutDOMView.prototype;
    const first = slice.slices;
    await slice.next();
    await renderSliced(view, slice, { DOMView });
    // (the layouts' CSS first, so that each part is styled once, with it)
    if (CONFIG.layoutFirst) {
      if (view instanceof LayoutDOMView) await updateLayoutSliced(view, slice, own);
      else view.update_layout?.();
    }
    await slice.next();
    await attachInParts(view, target, slice, DRAW_PARTS);
    const root = view instanceof LayoutDOMView && view.compute_layout === own.compute_layout
      && !(view.parent instanceof LayoutDOMView) ? view : null;
    let asked = 0;
    if (root) root.compute_layout = () => { asked += 1; };
    try {
      await slice.next();
      await afterRenderSliced(view, slice, DOMView);
      if (root && asked > 0) {
        asked = 0;
        // (the tree styled with the layouts' CSS the root wrote again, before the plots
        // measure their labels: 7-17 ms at 4x on its own)
        await slice.next();
        void getComputedStyle(root.el).display;
        await slice.next();
        await walkSliced(root, slice, parts, "measure_layout", "_measure_layout");
        await slice.next();
        root.update_bbox();
        await slice.next();
        root._compute_layout();
        await slice.next();
        await walkSliced(root, slice, parts, "after_layout", "_after_layout");
        root._layout_computed = true;
      }
    } finally {
      if (root) delete root.compute_layout;
    }
    if (asked > 0) {
      // For the tests: the drawing was asked to lay out again while it yielded.
      html.dataset.drawRelayouts = String(Number(html.dataset.drawRelayouts || 0) + 1);
      root.compute_layout();
    }
    view.notify_finished();
    // The tasks it took (for the tests).
    html.dataset.drawTasks = String(Number(html.dataset.drawTasks || 0) + slice.slices - first);
  }

  // The inline-css lever (CONFIG.inlineCss): the stylesheets a document links (Panel's CSS
  // files: every component's shadow root links loading.css and the theme's default.css and
  // native.css, 372 <link>s on cepheus-attack) given to BokehJS as text. A link's rules
  // apply only once it has loaded, after the drawing, and the browser then styled the whole
  // live page again. The files the document names are fetched before it is drawn, and
  // BokehJS's ImportedStyleSheet (core/dom) makes a <style> of a fetched file's text, which
  // the browser parses once for all the roots that hold it; a <link> as before for any
  // other file (one a later page names, one from another origin, one that imports another).
  const cssTexts = new Map();
  let cssInlined = false;
  function absoluteUrls(css, href) {
    return css.replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g, (all, quote, path) =>
      path === "" || /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(path)
        ? all
        : `url(${quote}${new URL(path, href).href}${quote})`);
  }
  async function inlineStylesheets(Bokeh, docs) {
    let dom;
    let models;
    try {
      dom = Bokeh.require("core/dom");
      models = Bokeh.require("models/dom/stylesheets");
    } catch (error) {
      return;
    }
    const Linked = dom.ImportedStyleSheet;
    const Inline = dom.InlineStyleSheet;
    const { ImportedStyleSheet: Named, GlobalImportedStyleSheet: Global } = models;
    if (typeof Linked !== "function" || typeof Inline !== "function"
        || typeof Named !== "function" || typeof Global !== "function") return;
    const urls = new Set();
    for (const doc of docs) {
      for (const model of doc.all_models ?? []) {
        if (model instanceof Named && !(model instanceof Global)) urls.add(model.url);
      }
    }
    await Promise.all([...urls].map(async (url) => {
      if (cssTexts.has(url)) return;
      try {
        const href = new URL(url, document.baseURI);
        if (href.origin !== window.location.origin || !href.pathname.endsWith(".css")) return;
        const response = await fetch(href);
        const css = response.ok ? await response.text() : "";
        if (css && !css.includes("@import")) cssTexts.set(url, absoluteUrls(css, href.href));
      } catch (error) {
        // A <link> then, as BokehJS makes it.
      }
    }));
    if (cssInlined) return;
    cssInlined = true;
    // Callers read the export at each call (new (0, i.ImportedStyleSheet)(url)).
    function ImportedStyleSheet(url) {
      const css = cssTexts.get(url);
      return css === undefined ? new Linked(url) : new Inline(css);
    }
    ImportedStyleSheet.prototype = Linked.prototype;
    dom.ImportedStyleSheet = ImportedStyleSheet;
  }

  // Resolves as embed_items does: one view manager per render item. BokehJS's build_views
  // and build_view yield only while it runs: they are its own again once it is done, so later
  // views (a page the visitor opens) are built as BokehJS builds them.
  async function embedItems(docsJson, renderItems) {
    const Bokeh = window.Bokeh;
    if (CONFIG.slicedRender && renderParts === undefined) renderParts = bokehRenderParts(Bokeh);
    if (!CONFIG.slicedRender || renderParts === null || renderItems.some((item) => item.docid == null)) {
      return Bokeh.embed.embed_items(docsJson, renderItems);
    }
    const { dom, standalone, Document, buildViews, ViewManager } = renderParts;
    if (CONFIG.splitDraw && drawParts === undefined) drawParts = bokehDrawParts(Bokeh);
    const split = CONFIG.splitDraw ? drawParts : null;
    if (CONFIG.slicedDecode && decodeParts === undefined) decodeParts = bokehDecodeParts(Bokeh);
    const decode = CONFIG.slicedDecode ? decodeParts : null;
    const slice = slicer();
    const buildViewsOwn = buildViews.build_views;
    const buildViewOwn = ViewManager.prototype.build_view;
    const buildOwn = split?.DOMView.prototype.build;
    const drawn = [];
    const Observer = window.ResizeObserver;
    const held = new Map();
    let holding = Boolean(split);
    if (split) {
      window.ResizeObserver = class extends Observer {
        constructor(callback) {
          super((entries, observer) => {
            if (holding) held.set(observer, () => callback(entries, observer));
            else callback(entries, observer);
          });
        }
      };
      // BokehJS's build, left to finishDrawing.
      split.DOMView.prototype.build = function (target) {
        drawn.push([this, target]);
      };
    }
    // Callers read the export at each call ((0, o.build_views)(...)), so this reaches them.
    buildViews.build_views = async function (...args) {
      if (slice.due()) await slice.next();
      return buildViewsOwn.apply(this, args);
    };
    // A root's views built (add_document_standalone's build_view): a yield before it is drawn.
    ViewManager.prototype.build_view = async function (...args) {
      const view = await buildViewOwn.apply(this, args);
      await slice.next();
      return view;
    };
    try {
      await slice.next();
      const docs = {};
      const first = slice.slices;
      for (const [id, json] of Object.entries(docsJson)) {
        docs[id] = decode ? await fromJsonSliced(json, slice, decode) : Document.from_json(json);
      }
      if (decode) html.dataset.decodeTasks = String(slice.slices - first + 1);
      if (CONFIG.inlineCss) {
        await slice.next();  // (the document is one task, the stylesheets' fetches another)
        await inlineStylesheets(Bokeh, Object.values(docs));
      }
      const managers = [];
      for (const item of renderItems) {
        await slice.next();
        const element = dom._resolve_element(item);
        const roots = dom._resolve_root_elements(item);
        managers.push(await standalone.add_document_standalone(
          docs[item.docid], element, roots, item.use_for_title));
        for (const [view, target] of drawn.splice(0)) await finishDrawing(view, target, slice, split);
      }
      html.dataset.renderSlices = String(slice.slices);
      return managers;
    } finally {
      buildViews.build_views = buildViewsOwn;
      ViewManager.prototype.build_view = buildViewOwn;
      if (split) {
        split.DOMView.prototype.build = buildOwn;
        window.ResizeObserver = Observer;
        // A view at a time, still holding: one that changes size again meanwhile is told
        // again, last.
        for (const [observer, told] of held) {
          held.delete(observer);
          told();
          if (held.size > 0 && slice.due()) await slice.next();
        }
        holding = false;
      }
    }
  }

  // The shadow roots of `node` (an element or a shadow root) and under it, at every depth,
  // each before the roots inside it: the snapshot's components are BokehJS views, one root
  // each.
  function* shadowRoots(node) {
    for (const el of [node, ...node.querySelectorAll("*")]) {
      if (!el.shadowRoot) continue;
      yield el.shadowRoot;
      yield* shadowRoots(el.shadowRoot);
    }
  }

  // The stylesheets a snapshot's HTML uses (<style data-rf-css="N">, N an index into the
  // build's table, styles.json), as constructed stylesheets by index; null where the browser
  // cannot adopt one. BokehJS gives each component's shadow root its own copies of a few
  // shared sheets: moo2-shot holds 572 of them, 1.5 MB of CSS, made of 48 sheets, 144 kB.
  // Parsed a slice at a time (slicer).
  async function constructedSheets(snapshotHTML, sheets) {
    const adoptable = typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype
      && typeof ShadowRoot === "function" && "adoptedStyleSheets" in ShadowRoot.prototype;
    if (!adoptable) return null;
    const made = new Map();
    const slice = slicer();
    for (const [, index] of snapshotHTML.matchAll(/data-rf-css="(\d+)"/g)) {
      const n = Number(index);
      if (made.has(n)) continue;
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(sheets[n] ?? "");
      made.set(n, sheet);
      if (slice.due()) await slice.next();
    }
    return made;
  }

  // Fills the snapshot's <style data-rf-css> (in `roots`: the snapshot's element and its
  // shadow roots) with their text. In a shadow root whose every stylesheet is one of those,
  // the root adopts the constructed sheets instead, in the same order, and the <style>s go:
  // one parsed copy of each sheet for the page, not one per root (drawing moo2-shot's
  // snapshot: style and layout 55 to 34 ms at full speed). Adopted sheets come after a
  // root's own in the cascade, hence the "every".
  function fillStyles(roots, sheets, adopted) {
    for (const root of roots) {
      const styles = root.querySelectorAll("style[data-rf-css]");
      const own = root.querySelectorAll("style, link[rel~='stylesheet']").length;
      if (adopted && root instanceof ShadowRoot && styles.length > 0 && styles.length === own) {
        root.adoptedStyleSheets = [...styles].map((style) => adopted.get(Number(style.dataset.rfCss)));
        for (const style of styles) style.remove();
      } else {
        for (const style of styles) style.textContent = sheets[Number(style.dataset.rfCss)] ?? "";
      }
    }
  }

  // A snapshot is put in the page in pieces, a frame each, so that no frame styles and lays
  // out the whole page at once (issue 30): first the page with its inputs column
  // (webapp.components.layout.inputs_column, class rf-inputs) and its details column
  // (rf-details) emptied but for their first items, then their other items in order, about
  // PIECE_ELEMENTS elements (shadow roots' included) a piece, each shadow root counted as
  // ROOT_ELEMENTS more: a component costs its style scope, and here every root's sheets
  // declare 96 custom properties on its host, whatever its size (moo2-shot's inputs are 39 of
  // its 65 roots in a quarter of its elements; counted by elements alone, its first frame
  // held 55 roots, now 15: the page's frame and its key figures). Each piece goes at the end
  // of its column, below what is drawn already (on a phone the key figures first, then the
  // inputs, then the details; on a wide screen the inputs at the left, the details at the
  // right): nothing drawn moves. Returns the pieces after the first, taken out of `element`:
  // lists of [shadow root, child] to append in order.
  const PIECE_ELEMENTS = 150;
  const ROOT_ELEMENTS = 10;
  function laterPieces(element, roots) {
    // Each root's weight: its elements, and ROOT_ELEMENTS and the weight of each root inside
    // it (`roots` lists each root before the roots inside it). One count of each root's
    // elements: the page's 1,200 elements in 66 roots are walked once.
    const inner = new Map(roots.map((root) => [root, []]));
    for (const root of roots) if (root !== element) inner.get(root.host.getRootNode())?.push(root);
    const total = new Map();
    for (const root of [...roots].reverse()) {
      let n = root.querySelectorAll("*").length;
      for (const child of inner.get(root)) n += ROOT_ELEMENTS + total.get(child);
      total.set(root, n);
    }
    // A column's child, with the elements under it and the roots inside them.
    const weight = (root, child) => {
      let n = 1 + child.querySelectorAll("*").length;
      for (const inside of inner.get(root)) {
        if (child.contains(inside.host)) n += ROOT_ELEMENTS + total.get(inside);
      }
      return n;
    };
    const items = [];
    for (const root of roots) {
      for (const column of root.querySelectorAll(".rf-inputs, .rf-details")) {
        if (!column.shadowRoot) continue;
        for (const child of column.shadowRoot.children) {
          if (child.localName === "style" || child.localName === "link") continue;
          items.push([column.shadowRoot, child, weight(column.shadowRoot, child)]);
        }
      }
    }
    let first = total.get(element) - items.reduce((sum, item) => sum + item[2], 0);
    let kept = 0;
    while (kept < items.length && first + items[kept][2] <= 2 * PIECE_ELEMENTS) first += items[kept++][2];
    const pieces = [];
    let size = Infinity;
    for (const [root, child, n] of items.slice(kept)) {
      child.remove();
      if (size + n > PIECE_ELEMENTS) {
        pieces.push([]);
        size = 0;
      }
      pieces[pieces.length - 1].push([root, child]);
      size += n;
    }
    return pieces;
  }

  // The next frame: resolved at its start (an animation frame callback), so that what is
  // done then is drawn in it; or after 100 ms, where the browser draws no frame (a hidden
  // page, an embed out of view).
  function nextFrame() {
    return new Promise((resolve) => {
      requestAnimationFrame(() => resolve());
      setTimeout(resolve, 100);
    });
  }

  // When the snapshot's first piece went in (performance.now()), or null.
  let snapshotShownAt = null;
  const SNAPSHOT_PAINT_MS = 250;
  // Resolved once the browser reports a largest paint (a largest-contentful-paint entry: its
  // time is when the frame was presented) at or after `since`, or `ms` after `since` at the
  // latest, or at once where it reports none (a browser without the entry type).
  function largestPaintAfter(since, ms) {
    return new Promise((resolve) => {
      const types = (typeof PerformanceObserver === "function"
        && PerformanceObserver.supportedEntryTypes) || [];
      if (!types.includes("largest-contentful-paint")) {
        resolve();
        return;
      }
      let timer = null;
      const observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= since)) done();
      });
      function done() {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      }
      timer = setTimeout(done, Math.max(0, since + ms - performance.now()));
      observer.observe({ type: "largest-contentful-paint", buffered: true });
    });
  }

  // The snapshot (sitebuild/snapshot.py): the page as the build's browser drew it, as HTML
  // with declarative shadow roots; its stylesheets come once, from styles.json.gz. A variant
  // other than the light page comes as edits to it (theme.js fetched the whole chain).
  async function showSnapshot() {
    const early = window.rangefinderEarly || {};
    if (!early.snapshot) return false;
    const [parts, styles] = await Promise.all([early.snapshot, early.styles]);
    if (parts.some((part) => !part || !part.ok) || !styles || !styles.ok) return false;   // the app will say why
    const [sheets, ...bodies] = await Promise.all([styles, ...parts].map(readGzipJSON));
    const data = { query: null, html: "" };
    for (const body of bodies) {
      data.html = "html" in body ? body.html : applyEdits(data.html, body.edits);
      data.query = body.query;
    }
    window.rangefinderSnapshotHTML = data.html;   // for the browser tests: what was drawn
    if (live) return true;
    // The page's stylesheets, each parsed once, then adopted by every shadow root that uses
    // it (issue 30).
    const adopted = await constructedSheets(data.html, sheets);
    await nextTask();
    if (live) return true;
    // Parsed, filled and cut into pieces a task each, then put in the page in the next:
    // each short (issue 30), the last one's style and layout unchanged.
    const element = prerenderedElement();
    element.setHTMLUnsafe(data.html);
    await nextTask();
    if (live) return true;
    const roots = [element, ...shadowRoots(element)];
    fillStyles(roots, sheets, adopted);
    await nextTask();
    if (live) return true;
    const later = laterPieces(element, roots);
    await nextTask();
    if (live) return true;
    snapshotShownAt = performance.now();
    html.dataset.snapshotShownMs = String(Math.round(snapshotShownAt));
    app.before(element);
    for (const piece of later) {
      await nextFrame();
      if (live) return true;
      for (const [root, child] of piece) root.append(child);
    }
    showStage(data.query);
    html.dataset.prerender = "snapshot";
    html.dataset.prerenderPieces = String(later.length + 1);
    html.dataset.prerenderMs = String(Math.round(performance.now()));
    return true;
  }

  // The BokehJS prerender (prerender.py), where the build had no browser to take snapshots.
  async function showBokehPrerender() {
    if (typeof DecompressionStream === "undefined") return;
    const slug = params.get("page") || "home";
    if (!/^[a-z0-9-]+$/.test(slug)) return;
    const embed = html.dataset.embed === "true" ? ".embed" : "";
    const [response] = await Promise.all([
      fetch(`prerender/${slug}.${html.dataset.theme}${embed}.json.gz`), loadBokeh("prerender"),
    ]);
    if (!response.ok || live) return;   // an unknown page: the app will say so
    const data = await readGzipJSON(response);
    if (live) return;
    const element = prerenderedElement();
    const roots = {};
    for (const id of data.root_ids) {
      const root = document.createElement("div");
      root.id = `rf-pre-${id}`;
      root.style.display = "contents";
      element.appendChild(root);
      roots[id] = root.id;
    }
    data.render_items[0].roots = roots;
    data.render_items[0].root_ids = data.root_ids;
    app.before(element);
    showStage(data.query);
    const [views] = await window.Bokeh.embed.embed_items(data.docs_json, data.render_items);
    pre = { element, views };
    html.dataset.prerender = "bokeh";
    html.dataset.prerenderMs = String(Math.round(performance.now()));
    if (live) dropPrerendered();
  }

  async function showPrerendered() {
    if (!CONFIG.prerender) return;
    if (params.has("view")) return;   // share.js: a view= link shows a part of the page, not the prerendered whole
    if (CONFIG.snapshots) {
      await showSnapshot();
    } else {
      await showBokehPrerender();
    }
  }

  function dropPrerendered() {
    if (pre === null) {
      document.getElementById("rf-pre")?.remove();
      return;
    }
    for (const view of pre.views.roots.values()) {
      try { view.remove(); } catch (e) { /* already gone */ }
    }
    pre.element.remove();
    pre = null;
  }

  // --- the live app ---
  // The page's changes go to Python as patches, one call at a time: while Python works on
  // one, the next changes wait (a later change of the same property replaces an earlier one)
  // and go together once it is "idle". The changes of one task (an Enter in a number box
  // sets its value and value_throttled) go as one patch, so Python handles them in one call.
  let jsdoc = null;
  let busy = false;
  let queue = [];
  let goTo = null;         // a page a link asked for, sent after the changes before it
  let sending = false;     // a send is due at the end of this task
  let patching = 0;

  function sendQueued() {
    sending = false;
    if (busy) return;
    if (queue.length) {
      const patch = jsdoc.create_json_patch(queue);
      queue = [];
      busy = true;
      worker.postMessage({ type: "patch", patch });
    } else if (goTo !== null) {
      busy = true;
      worker.postMessage({ type: "navigate", page: goTo });
      goTo = null;
    }
  }

  function schedule() {
    html.dataset.busy = "true";
    if (!busy && !sending) {
      sending = true;
      queueMicrotask(sendQueued);
    }
  }

  // BokehJS sets the start and end of a chart's automatic ranges (DataRange1d) itself each
  // time it draws new data; Python never reads them (the charts have no pan or zoom tool), so
  // sending them would only cost a second Python call after every change (and mark the page
  // busy again after the result was complete).
  function computedByBokeh(event) {
    return event.model?.type === "DataRange1d" && (event.attr === "start" || event.attr === "end");
  }

  function sendChange(event) {
    if ((event.setter_id != null && event.setter_id === "py") || patching > 0) return;
    if (computedByBokeh(event)) return;
    if (event.model && event.attr) {
      queue = queue.filter((old) => !(old.model === event.model && old.attr === event.attr));
    }
    queue.push(event);
    schedule();
  }

  // The landing page's calculators are links (?page=<slug>, webapp/pages/home.py). Once the
  // app is live, a plain click opens the page in this Python (no reload, the inputs it had);
  // with a modifier key (a new tab or window) the browser follows the link. (Before that the
  // prerendered page is inert: nothing on it can be clicked.)
  app.addEventListener("click", (event) => {
    if (!live || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.composedPath().find((el) => el instanceof HTMLAnchorElement && el.dataset.rfPage);
    if (!link) return;
    event.preventDefault();
    goTo = link.dataset.rfPage;
    schedule();
  });

  // Resolves once every stylesheet the live page's components link (inside their shadow
  // roots) has loaded, or after `timeoutMs`: swapping before would show it unstyled.
  function stylesheetsLoaded(root, timeoutMs) {
    const pending = [];
    for (const node of [root, ...shadowRoots(root)]) {
      for (const link of node.querySelectorAll("link[rel='stylesheet']")) {
        if (link.sheet === null) {
          pending.push(new Promise((done) => {
            link.addEventListener("load", done, { once: true });
            link.addEventListener("error", done, { once: true });
          }));
        }
      }
    }
    return Promise.race([Promise.all(pending), new Promise((done) => setTimeout(done, timeoutMs))]);
  }

  function takeOver() {
    // The live page replaces the prerendered one where it stands: same place, same scroll.
    const x = window.scrollX;
    const y = window.scrollY;
    live = true;
    app.classList.remove("rf-app--pending");
    app.removeAttribute("aria-hidden");
    dropPrerendered();
    window.scrollTo(x, y);
  }

  function becomeReady(timings) {
    if (html.dataset.ready === "true") return;
    takeOver();
    setProgress(100);
    showStatus("Ready");
    html.dataset.stage = "live";
    html.dataset.ready = "true";
    html.dataset.bootMs = String(Math.round(performance.now() - started));
    if (timings) html.dataset.workerTimings = JSON.stringify(timings);
    if (loader) loader.hidden = true;
    if (window.parent !== window) {
      window.parent.postMessage({ type: "rangefinder:ready" }, "*");
    }
    registerServiceWorker();
  }

  // When each of the worker's steps reached this page (its own clock), for the browser tests.
  const stepsMs = {};

  // For static/saved.js (the saved entries, the roll history): what the page shows, and
  // opening a page with a saved entry's inputs.
  let shown = { search: window.location.search, page: params.get("page") || "home", title: "", system: "" };
  const shownListeners = [];
  const rollListeners = [];
  const takeWaiting = new Map();
  let takeId = 0;
  window.rangefinderApp = {
    store,
    get live() { return live; },
    get shown() { return shown; },
    onShown(listener) { shownListeners.push(listener); },
    onRoll(listener) { rollListeners.push(listener); },
    // Roll the shown page again with `seed` (a roll of its history).
    replay(seed) {
      html.dataset.busy = "true";
      worker.postMessage({ type: "replay", seed: Number(seed) });
    },
    // Open `page` with the `inputs` it has (a saved entry; `what` names it on the page,
    // `savedOn` is the page it was saved on): resolves to the labels of the inputs it took.
    take(page, inputs, what, savedOn = "") {
      takeId += 1;
      html.dataset.busy = "true";
      worker.postMessage({ type: "take", id: takeId, page, inputs: JSON.stringify(inputs), what, savedOn });
      return new Promise((resolve) => takeWaiting.set(takeId, resolve));
    },
  };

  // For the browser tests: the modules Python has imported ([name, file] pairs).
  window.rangefinderModules = () => new Promise((resolve) => {
    modulesWaiting.push(resolve);
    worker.postMessage({ type: "modules" });
  });
  const modulesWaiting = [];

  // For the browser tests: which Python answers this page ({ instance, shared, clients }).
  window.rangefinderWorkerInfo = () => new Promise((resolve) => {
    infoWaiting.push(resolve);
    worker.postMessage({ type: "info" });
  });
  const infoWaiting = [];

  worker.onmessage = async (event) => {
    const msg = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
    if (msg.type === "info") {
      infoWaiting.shift()?.(msg);
    } else if (msg.type === "roll") {
      // "Roll it" was pressed: its seed and log join the page's roll history on the device.
      if (store && !embedded) {
        const kept = store.addRoll(msg.page, { seed: String(msg.seed), log: msg.log });
        html.dataset.rollKept = kept.ok ? "true" : "false";
      }
      for (const listener of rollListeners) listener(msg);
    } else if (msg.type === "taken") {
      takeWaiting.get(msg.id)?.(msg.taken);
      takeWaiting.delete(msg.id);
    } else if (msg.type === "modules") {
      modulesWaiting.shift()?.(msg.modules);
    } else if (msg.type === "hello") {
      // A shared Python that already served an embed first: this one is a follower.
      if (msg.first === false) follower = true;
    } else if (msg.type === "progress") {
      stepsMs[msg.step] = Math.round(performance.now());
      html.dataset.stepsMs = JSON.stringify(stepsMs);
      if (msg.step === "imports" && bokehWaits) startBokeh("after-imports");
      setProgress(msg.value);
      lastStep = msg.label;
      if (html.dataset.stage === "prerendered") showStatus(`Getting the calculator ready: ${msg.label.toLowerCase()}`);
      else if (html.dataset.stage !== "updating") showStatus(msg.label);
    } else if (msg.type === "status") {
      showStatus(msg.msg);
    } else if (msg.type === "error") {
      showError(msg.msg);
    } else if (msg.type === "idle") {
      busy = false;
      sendQueued();
      if (!busy) html.dataset.busy = "false";
    } else if (msg.type === "render") {
      html.dataset.boots = String(Number(html.dataset.boots || 0) + 1);
      const docsJson = JSON.parse(msg.docsJson);
      const renderItems = JSON.parse(msg.renderItems);
      const rootIds = JSON.parse(msg.rootIds);
      const roots = {};
      // Drawn out of sight while the prerendered page is shown, then swapped in at once.
      if (document.getElementById("rf-pre")) {
        app.classList.add("rf-app--pending");
        app.setAttribute("aria-hidden", "true");
        // Transparent, not hidden (app.css): a Tab must not land in it meanwhile.
        app.addEventListener("focusin", () => {
          if (live) return;
          let focused = document.activeElement;
          while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
          focused?.blur();
        });
      }
      for (const id of rootIds) {
        const el = document.createElement("div");
        el.id = `rf-root-${id}`;
        el.style.display = "contents";
        app.appendChild(el);
        roots[id] = el.id;
      }
      renderItems[0].roots = roots;
      renderItems[0].root_ids = rootIds;
      await loadBokeh("at-render");
      const [views] = await embedItems(docsJson, renderItems);
      jsdoc = [...views.roots.values()][0].model.document;
      window.rangefinderDocument = jsdoc;  // for embedders' scripts and the browser tests
      jsdoc.on_change(sendChange, false);
      worker.postMessage({ type: "rendered" });
      worker.postMessage({ type: "theme", theme: html.dataset.theme });
      worker.postMessage({
        type: "location",
        location: JSON.stringify(window.location),
        remembered: store ? JSON.stringify(store.rememberedPages()) : "",
      });
    } else if (msg.type === "patch") {
      try {
        patching += 1;
        jsdoc.apply_json_patch(msg.patch, msg.buffers);
      } finally {
        patching -= 1;
      }
    } else if (msg.type === "url") {
      // The link that reopens the app as it is now (after every change, without lag).
      if (window.location.search !== msg.search) {
        history.replaceState(history.state, "", msg.search + window.location.hash);
      }
      // A change the visitor made: these are the page's last inputs on this device.
      const slug = new URLSearchParams(msg.search).get("page");
      if (store && msg.remember && slug && slug !== "home" && lastSearch[slug] !== msg.search) {
        const saved = store.rememberInputs(slug, inputsOf(msg.search));
        html.dataset.remembered = saved.ok ? "true" : "false";
        window.rangefinderDevice?.remembered(saved.ok ? "" : saved.error);
      }
      if (slug) lastSearch[slug] = msg.search;
      shown = { search: msg.search, page: slug || "home", title: msg.title || "", system: msg.system || "" };
      for (const listener of shownListeners) listener(shown);
    } else if (msg.type === "ready") {
      // Once the live page's styles are in, one frame for BokehJS to lay out what the deep
      // link changed, then swap.
      // (A frame, or 100 ms: a browser runs no animation frame in an iframe out of sight.
      // An embed known to be out of view, below the fold of its host, swaps at once:
      // nobody sees it, and it must become interactive too.)
      const swap = () => {
        let done = false;
        const go = (how) => {
          if (done) return;
          done = true;
          html.dataset.swap = how;
          becomeReady(msg.timings);
        };
        if (outOfView) {
          go("out-of-view");
          return;
        }
        requestAnimationFrame(() => go("frame"));
        setTimeout(() => go("timer"), 100);
      };
      if (app.classList.contains("rf-app--pending")) stylesheetsLoaded(app, 2000).then(swap);
      else swap();
    }
  };
  worker.onerror = (event) => showError(`The Python worker failed: ${event.message || "see the console"}`);

  showPrerendered().catch((error) => {
    console.warn("Rangefinder: no prerendered page:", error);
    dropPrerendered();
    if (html.dataset.stage !== "live") html.dataset.stage = "loading";
  }).finally(() => {
    // Python's runtime may start now (worker.js: it waits for this, or 3 s at most).
    worker.postMessage({ type: "drawn" });
    // No prerendered page after all: the loader as a block again (theme.js made it a line).
    if (html.dataset.stage === "loading") delete html.dataset.loader;
    // BokehJS next, once the browser has painted what is there: the live app needs it. An
    // embed that follows another on one Python (it joined it, or the shared worker had
    // served one before) waits until that Python has imported the app: its document comes
    // after the first embed's, and three BokehJS compiled at once, on the host's one main
    // thread, slowed that Python's start (measured: about 0.1 s of three embeds' time).
    // (After a frame, or 100 ms: a browser runs no animation frame in an iframe out of
    // sight, where BokehJS waited for the page's document: "at-render".) Which of the two it
    // is, the page knows once it knows its worker.
    // And not before the browser has presented the snapshot's largest paint (at most
    // SNAPSHOT_PAINT_MS after it went in; at once out of sight, where nothing is painted):
    // the frame after it can begin before it is presented, and Lighthouse's simulation counts
    // every request made before the page's largest paint as one that paint waited for. Where
    // BokehJS's 11 scripts (3 MB) came first, the landing page's simulated LCP was 3.9-5.1 s
    // instead of 1.7 s (issue 30).
    const painted = snapshotShownAt === null || outOfView || document.hidden
      ? Promise.resolve()
      : largestPaintAfter(snapshotShownAt, SNAPSHOT_PAINT_MS);
    return knowWorker.then(() => {
      const waits = follower || html.dataset.worker === "joined";
      if (waits && !("imports" in stepsMs)) bokehWaits = true;
      else {
        const afterFrame = new Promise((resolve) => {
          requestAnimationFrame(() => setTimeout(resolve, 0));
          setTimeout(resolve, 100);
        });
        Promise.all([afterFrame, painted])
          .then(() => startBokeh(waits ? "after-imports" : "at-once"));
      }
    });
  });

  // --- offline: a service worker that pre-caches the whole build ---
  // Registered once the app is interactive: by then the files the app needed are in the HTTP
  // cache, so pre-caching revalidates them instead of competing with the first load.
  function registerServiceWorker() {
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.register("sw.js").catch((error) => console.warn("Rangefinder: no offline cache:", error));
    }
  }
})();
