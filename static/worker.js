// Rangefinder's Python runs here, in a module worker, so the page never freezes while Pyodide
// boots or a calculator computes. The main thread (boot.js) renders the Bokeh document this
// worker describes and the two keep it in sync with JSON patches (Panel's pyodide-worker
// protocol, as `panel convert --to pyodide-worker` uses it).
const CONFIG = __RANGEFINDER_CONFIG__;
const base = new URL("./", self.location.href);
const t0 = performance.now();
const timings = {};

// The app's Python bundle is fetched at once, in parallel with the runtime's own files
// ("early-fetch"; without it, after the runtime is up, as before).
function fetchBundle() {
  return fetch(new URL(CONFIG.pythonBundle, base)).then((r) => {
    if (!r.ok) throw new Error(`${CONFIG.pythonBundle}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
}
const earlyBundle = CONFIG.earlyFetch ? fetchBundle() : null;
earlyBundle?.catch(() => {});  // reported where it is awaited

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
function step(name) {
  timings[name] = Math.round(performance.now() - t0);
  const { at, label } = STEPS[name];
  self.postMessage({ type: "progress", step: name, value: at, label, ms: timings[name] });
}

function sendPatch(patch, buffers) {
  self.postMessage({ type: "patch", patch, buffers });
}

function fail(stage, error) {
  // Never swallow a failure: the page shows it and the console keeps the whole traceback.
  console.error(`Rangefinder: ${stage} failed`, error);
  self.postMessage({ type: "error", msg: `${stage} failed: ${String(error).trim().split("\n").slice(-1)[0]}`, detail: String(error) });
}

// Panel's undefined -> null converter (see the shims in start()), as code, not as an eval.
self.rangefinderDictConverter = (entries) => {
  for (const entry of entries) {
    if (entry[1] === undefined) entry[1] = null;
  }
  return Object.fromEntries(entries);
};

let pyodide;
let queue = Promise.resolve();   // Python calls run one after another, in arrival order

async function start() {
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  step("worker");
  let packagesLoaded;
  if (CONFIG.earlyFetch) {
    // The packages (checked against pyodide-lock.json's sha256, as loadPackage does) are
    // fetched while the runtime boots; loadPyodide resolves once they are loaded too.
    pyodide = await loadPyodide({
      indexURL: new URL("pyodide/", base).href,
      packages: CONFIG.pyodidePackages,
    });
    step("runtime");
  } else {
    pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
    step("runtime");
    await pyodide.loadPackage(CONFIG.pyodidePackages, { checkIntegrity: true });
  }
  step("packages");
  const bundle = await (earlyBundle || fetchBundle());
  pyodide.unpackArchive(bundle, "zip", { extractDir: "/lib/python3.12/site-packages" });
  step("bundle");
  pyodide.globals.set("sendPatch", sendPatch);
  pyodide.globals.set("rangefinderStep", step);
  // Three shims, kept here and nowhere else:
  // * Panel 1.10 checks `pyodide.ffi.jsnull`, which Pyodide 0.27.7 predates (it converts JS
  //   null to None itself), so a sentinel that nothing equals is the right value;
  // * PANEL_CDN_ROOT must be set before Panel is imported, so that the stylesheets Panel
  //   creates in this worker point at this site, not at Panel's CDN;
  // * panel/io/pyodide.py builds one JS helper with run_js (an eval), which the site's CSP
  //   forbids in this worker too; the helper is defined below as plain code instead, and
  //   run_js refuses anything else while Panel is imported.
  const [docsJson, renderItems, rootIds] = (await pyodide.runPythonAsync(`
import os, js, pyodide.code, pyodide.ffi
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
await webapp.browser.start()
`)).toJs();
  step("page");
  self.postMessage({ type: "render", docsJson, renderItems, rootIds, timings });
}

function run(code, locals) {
  queue = queue.then(async () => {
    const scope = locals ? pyodide.toPy(locals, { depth: 1 }) : undefined;
    try {
      await pyodide.runPythonAsync(code, scope ? { locals: scope } : undefined);
    } catch (error) {
      fail("Python", error);
    } finally {
      scope?.destroy();
    }
  });
  return queue;
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "rendered") {
    run("import webapp.browser\nwebapp.browser.rendered(sendPatch)");
  } else if (msg.type === "patch") {
    await run("import webapp.browser\nwebapp.browser.apply_patch(patch)", { patch: msg.patch });
    self.postMessage({ type: "idle" });
  } else if (msg.type === "location") {
    await run("import webapp.browser\nwebapp.browser.set_location(location)", { location: msg.location });
    timings.ready = Math.round(performance.now() - t0);
    self.postMessage({ type: "ready", timings });
  } else if (msg.type === "modules") {
    // Diagnostics for the browser tests: which modules Python has imported, from where.
    await run(`
import sys, json, js
js.postMessage(json.dumps({"type": "modules", "modules": sorted(
    (name, getattr(module, "__file__", None) or "") for name, module in list(sys.modules.items())
)}))
`);
  } else if (msg.type === "theme") {
    run("import webapp.browser\nwebapp.browser.set_theme(theme)", { theme: msg.theme });
  }
};

start().catch((error) => fail("Starting", error));
