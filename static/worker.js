// Rangefinder's Python runs here, in a module worker, so the page never freezes while Pyodide
// boots or a calculator computes. The main thread (boot.js) renders the Bokeh document this
// worker describes and the two keep it in sync with JSON patches (Panel's pyodide-worker
// protocol, as `panel convert --to pyodide-worker` uses it).
//
// Two ways to run, one code: a dedicated Worker (one page, one Python: self.onmessage) or,
// for embeds, a SharedWorker (self.onconnect: every embed of this build on one page gets a
// MessagePort to the same Python, booted once, and its own session there: webapp.browser
// keeps an App and a Bokeh document per client).
const CONFIG = __RANGEFINDER_CONFIG__;
const base = new URL("./", self.location.href);
const t0 = performance.now();
const timings = {};

// The app's Python bundle is fetched once the runtime and its packages are up (fetching it,
// and the packages, while the runtime boots measured no faster: BENCHMARKS.md). A pack
// (sitebuild.write_pack: "RFPK", the index's length, a JSON index [[path, size], ...], the
// files) comes gzipped and is inflated here by the browser; a host
// that sends .gz files with Content-Encoding: gzip has had the browser inflate it already.
const PACK = CONFIG.pythonBundle.endsWith(".pack.gz");
const SITE_PACKAGES = "/lib/python3.12/site-packages";
async function fetchBundle() {
  const response = await fetch(new URL(CONFIG.pythonBundle, base));
  if (!response.ok) throw new Error(`${CONFIG.pythonBundle}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!PACK || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

// Each file of a pack written into site-packages (Emscripten's file system, from here: no
// Python reads or inflates anything).
function unpackPack(bytes) {
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== "RFPK") throw new Error(`${CONFIG.pythonBundle} is not a pack (starts with ${JSON.stringify(magic)})`);
  const size = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + size)));
  const FS = pyodide.FS;
  const made = new Set();
  let at = 8 + size;
  for (const [name, length] of index) {
    const path = `${SITE_PACKAGES}/${name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(path, bytes.subarray(at, at + length));
    at += length;
  }
  if (at !== bytes.length) throw new Error(`${CONFIG.pythonBundle} is damaged: its files add up to ${at} bytes of ${bytes.length}`);
}

// Progress: the real steps of a start, each reported when it is done. The share of the bar
// each step fills is roughly its share of a typical start.
const STEPS = {
  worker: { at: 3, label: "Starting Python" },
  runtime: { at: 40, label: "Loading packages" },
  packages: { at: 55, label: "Unpacking the calculators" },
  bundle: { at: 60, label: "Importing Panel" },
  imports: { at: 85, label: "Building the page" },
  page: { at: 95, label: "Drawing" },
};
// The pages this Python serves: id -> { id, post(message), timings }. A dedicated worker has
// one; a shared one has one per connected embed, dropped when it says "bye" or goes away.
const clients = new Map();
let nextClient = 0;
const instance = Math.random().toString(36).slice(2);   // tells the tests which Python answered
const shared = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope;
const boot = [];   // the boot's progress (and failure) messages, replayed to a late client

function broadcast(msg) {
  boot.push(msg);
  for (const client of clients.values()) client.post(msg);
}

function step(name, client) {
  const ms = Math.round(performance.now() - t0);
  const { at, label } = STEPS[name];
  const msg = { type: "progress", step: name, value: at, label, ms };
  if (client) {
    client.timings[name] = ms;
    client.post(msg);
  } else {
    timings[name] = ms;
    broadcast(msg);
  }
}

function errorMessage(stage, error) {
  // Never swallow a failure: the page shows it and the console keeps the whole traceback.
  console.error(`Rangefinder: ${stage} failed`, error);
  return { type: "error", msg: `${stage} failed: ${String(error).trim().split("\n").slice(-1)[0]}`, detail: String(error) };
}

// What Python sends to one page (webapp.browser gets them bound to its client id).
self.rangefinderPost = (id, json) => clients.get(id)?.post(JSON.parse(json));
self.rangefinderPatch = (id, patch, buffers) => clients.get(id)?.post({ type: "patch", patch, buffers });

// Panel's undefined -> null converter (see the shims in start()), as code, not as an eval.
self.rangefinderDictConverter = (entries) => {
  for (const entry of entries) {
    if (entry[1] === undefined) entry[1] = null;
  }
  return Object.fromEntries(entries);
};

// Python's runtime (pyodide.asm.js, 1.3 MB of JavaScript to compile and run, then the
// compile of its WebAssembly) starts once the page has drawn its prerendered snapshot (its
// "drawn" message), or after HOLD_MS at most. Started at once, it took the cores that drawing
// the snapshot needed on a 2-core machine (issue 30: Lighthouse's blocking time). Its
// downloads do not wait: loadPyodide fetches the WebAssembly, the standard library and the lock
// file before it asks for `_createPyodideModule`, the function pyodide.asm.js defines. This
// stand-in for it waits, then loads the script (which puts Pyodide's own in its place) and
// calls that. Pyodide's files are not changed.
const HOLD_MS = 3000;
let drawnNow;
const drawn = new Promise((resolve) => { drawnNow = resolve; });
setTimeout(() => drawnNow(), HOLD_MS);
globalThis._createPyodideModule = async function heldUntilDrawn(settings) {
  await drawn;
  delete globalThis._createPyodideModule;
  await import("./pyodide/pyodide.asm.js");
  return globalThis._createPyodideModule(settings);
};

let pyodide;
let pythonState = null;   // { optimize } once Python has imported the app
let queue = Promise.resolve();   // Python calls run one after another, in arrival order

async function bootPython() {
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  step("worker");
  // Python runs at the optimisation level the shipped bytecode was compiled at ("python
  // -OO" with "no-docstrings"): code that asks sys.flags.optimize, as numpy does before it
  // attaches docstrings, then agrees with the bytecode it runs.
  const env = {};
  if (CONFIG.pythonOptimize) env.PYTHONOPTIMIZE = String(CONFIG.pythonOptimize);
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, env });
  step("runtime");
  await pyodide.loadPackage(CONFIG.pyodidePackages, { checkIntegrity: true });
  step("packages");
  const bundle = await fetchBundle();
  if (PACK) unpackPack(bundle);
  else pyodide.unpackArchive(bundle, "zip", { extractDir: SITE_PACKAGES });
  step("bundle");
  pyodide.globals.set("rangefinderStep", step);
  // Three shims, kept here and nowhere else:
  // * Panel 1.10 checks `pyodide.ffi.jsnull`, which Pyodide 0.27.7 predates (it converts JS
  //   null to None itself), so a sentinel that nothing equals is the right value;
  // * PANEL_CDN_ROOT must be set before Panel is imported, so that the stylesheets Panel
  //   creates in this worker point at this site, not at Panel's CDN;
  // * panel/io/pyodide.py builds one JS helper with run_js (an eval), which the site's CSP
  //   forbids in this worker too; the helper is defined below as plain code instead, and
  //   run_js refuses anything else while Panel is imported.
  pythonState = JSON.parse(await pyodide.runPythonAsync(`
import importlib, json, os, sys, js, pyodide.code, pyodide.ffi
importlib.invalidate_caches()  # (the bundle's files are new to the import system)
if not hasattr(pyodide.ffi, "jsnull"):
    pyodide.ffi.jsnull = object()
os.environ["PANEL_CDN_ROOT"] = ${JSON.stringify(new URL(CONFIG.panelCdnRoot, base).href)}
def _run_js_without_eval(code, *args, **kwargs):
    if "Object.fromEntries(entries)" in code:
        return js.rangefinderDictConverter
    raise RuntimeError("the worker evaluates no JavaScript strings (Content-Security-Policy)")
_run_js = pyodide.code.run_js
pyodide.code.run_js = _run_js_without_eval
try:
    import panel.io.pyodide
finally:
    pyodide.code.run_js = _run_js
import webapp.browser
rangefinderStep("imports")
json.dumps({"optimize": sys.flags.optimize})
`));
}
const booted = bootPython();
booted.catch((error) => broadcast(errorMessage("Starting", error)));

// One Python call for one client, after every call before it (in arrival order, whichever
// page sent it); a failure is that page's, reported to it alone. Resolves to the result.
function run(client, code, locals) {
  const call = queue.then(async () => {
    const scope = pyodide.toPy({ ...locals, client: client.id }, { depth: 1 });
    try {
      const result = await pyodide.runPythonAsync(code, { locals: scope });
      if (!result?.toJs) return result;
      const value = result.toJs();
      result.destroy();
      return value;
    } catch (error) {
      client.post(errorMessage("Python", error));
      return undefined;
    } finally {
      scope.destroy();
    }
  });
  queue = call.then(() => {}, () => {});
  return call;
}

// The same, for the call every edit makes: webapp.browser.apply_patch called directly (no
// Python source to compile and no scope to build on each edit).
let applyPatch = null;
function runApplyPatch(client, patch) {
  const call = queue.then(() => {
    try {
      if (applyPatch === null) {
        const module = pyodide.pyimport("webapp.browser");
        applyPatch = module.apply_patch.copy();
        module.destroy();
      }
      applyPatch(client.id, patch);
    } catch (error) {
      client.post(errorMessage("Python", error));
    }
  });
  queue = call.then(() => {}, () => {});
  return call;
}

// A page's own session: its document, built once Python is up, sent to it to draw.
async function startSession(client, search, theme) {
  try {
    await booted;
  } catch (error) {
    return;   // the page has had the boot's error message
  }
  Object.assign(client.timings, timings, client.timings);   // the boot's steps, for this page too
  const result = await run(client, `
import functools, js, webapp.browser
await webapp.browser.start(client, functools.partial(js.rangefinderPost, client), search, theme)
`, { search: String(search || ""), theme: String(theme || "light") });
  if (!result || !clients.has(client.id)) return;
  const [docsJson, renderItems, rootIds] = result;
  step("page", client);
  client.post({ type: "render", docsJson, renderItems, rootIds, timings: client.timings });
}

function connect(post) {
  const client = { id: String(++nextClient), post, timings: { ...timings } };
  clients.set(client.id, client);
  // "first": no other page is served by this Python now (boot.js: a later embed follows).
  client.post({ type: "hello", shared, first: clients.size === 1 });
  for (const msg of boot) client.post(msg);
  Object.assign(client.timings, timings);
  return client;   // its session starts with its "start" message (its link and theme)
}

function drop(client) {
  if (!clients.delete(client.id)) return;
  if (shared && clients.size === 0) {
    // The last embed has gone: end this Python now rather than leave it to the browser.
    // Chromium terminating a SharedWorker whose last page has gone crashed the renderer now
    // and then (V8's "Invoke in DisallowJavascriptExecutionScope" on the SharedWorker's
    // thread: 8 of 114 rounds of bench/embed_crash.py; 0 of 96 once it closes itself).
    // Its sessions die with it, so there is no Python clean-up to run; a page that comes
    // later starts a new one.
    self.close();
    return;
  }
  booted.then(() => run(client, "import webapp.browser\nwebapp.browser.drop(client)")).catch(() => {});
}

async function handle(client, msg) {
  if (msg.type === "bye") {
    drop(client);
    return;
  }
  if (msg.type === "lock") {
    // The page holds this Web Lock while it lives: granted to us once it is gone (closed,
    // crashed, removed without a "bye"), and then its session goes too.
    navigator.locks?.request(msg.name, () => drop(client));
    return;
  }
  if (msg.type === "drawn") {
    drawnNow();   // the page's snapshot is drawn (or it has none): Python's runtime may start
    return;
  }
  if (msg.type === "info") {
    // Diagnostics for the browser tests: which Python answers, how many pages it serves.
    client.post({ type: "info", instance, shared, clients: clients.size, boots: 1, python: pythonState });
    return;
  }
  if (!clients.has(client.id)) return;
  if (msg.type === "start") {
    if (!client.started) {
      client.started = true;
      startSession(client, msg.search, msg.theme);
    }
  } else if (msg.type === "rendered") {
    run(client, `
import functools, js, webapp.browser
webapp.browser.rendered(client, functools.partial(js.rangefinderPatch, client))
`);
  } else if (msg.type === "patch") {
    await runApplyPatch(client, msg.patch);
    client.post({ type: "idle" });
  } else if (msg.type === "navigate") {
    await run(client, "import webapp.browser\nwebapp.browser.navigate(client, page)", { page: String(msg.page) });
    client.post({ type: "idle" });
  } else if (msg.type === "location") {
    await run(client, "import webapp.browser\nwebapp.browser.set_location(client, location, remembered)",
      { location: msg.location, remembered: String(msg.remembered || "") });
    client.timings.ready = Math.round(performance.now() - t0);
    client.post({ type: "ready", timings: client.timings });
  } else if (msg.type === "take") {
    // A saved entry (static/storage.js): the page takes the inputs it has.
    const taken = await run(client, "import webapp.browser\nwebapp.browser.take_inputs(client, page, inputs, what, saved_on)",
      { page: String(msg.page), inputs: String(msg.inputs), what: String(msg.what), saved_on: String(msg.savedOn || "") });
    client.post({ type: "taken", id: msg.id, taken: taken ? JSON.parse(taken) : null });
    client.post({ type: "idle" });
  } else if (msg.type === "replay") {
    // A roll of the history kept on the device, rolled again from its seed.
    await run(client, "import webapp.browser\nwebapp.browser.replay(client, seed)", { seed: Number(msg.seed) });
    client.post({ type: "idle" });
  } else if (msg.type === "modules") {
    // Diagnostics for the browser tests: which modules Python has imported, from where.
    const modules = await run(client, `
import sys, json
json.dumps(sorted(
    (name, getattr(module, "__file__", None) or "") for name, module in list(sys.modules.items())
))
`);
    client.post({ type: "modules", modules: modules ? JSON.parse(modules) : [] });
  } else if (msg.type === "theme") {
    run(client, "import webapp.browser\nwebapp.browser.set_theme(client, theme)", { theme: msg.theme });
  }
}

// A page (an embed) that talks to this Python through a MessagePort of its own.
function connectPort(port) {
  const client = connect((msg) => port.postMessage(msg));
  port.onmessage = (e) => handle(client, e.data);
  port.start();
}

if (shared) {
  self.onconnect = (event) => connectPort(event.ports[0]);
} else {
  const client = connect((msg) => self.postMessage(msg));
  self.onmessage = (e) => {
    // Another embed of this build on the same host page, denied a SharedWorker, joins the
    // dedicated worker of this one (static/boot.js, joinSibling) with a port of its own.
    if (e.data?.type === "join" && e.ports.length === 1) connectPort(e.ports[0]);
    else handle(client, e.data);
  };
}
