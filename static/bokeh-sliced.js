// The sliced-eval lever (sitebuild/sliced.py): BokehJS's and Panel's bundles evaluated a slice
// at a time. The build rewrites bokeh.min.js, bokeh-widgets.min.js and panel.min.js so that
// loading them only hands their module tables to this file (rfSlicedEval.bundle: cheap); boot.js
// then calls rfSlicedEval.evaluate(), which evaluates the modules in the order the build found
// (each one's dependencies before it), yielding to the event loop whenever a slice has run its
// length (boot.js's slicer), and last each bundle's entry, as BokehJS's own loader does when
// the script runs.
// The build's order is the order in which BokehJS's loader finishes evaluating the modules
// (the same, module for module, checked in Chromium for Bokeh 3.10.1 and Panel 1.10.0): each
// module meets its dependencies evaluated already, as it would have.
// Without the lever the bundles evaluate themselves in one task each (about 0.7 s for
// bokeh.min.js on a phone, issue 30) and this file is not loaded.
// With the lazy-modules lever the build leaves a few libraries out of the order (sliced.py,
// LAZY_MODULES: marked, fflate and json-formatter, which no page uses): a module that
// requires one gets a stand-in for its exports, and the library is evaluated the first time
// anything looks at the stand-in (a property read, a key listed, a test of `in`...), then the
// stand-in is its exports, as they are. A library nothing uses is never evaluated.
//
// The loader below is BokehJS 3.10's (the wrapper of bokeh.min.js and of its plugins;
// Copyright (c) Anaconda, Inc., and Bokeh Contributors, BSD 3-clause, see bokeh.min.js), with
// its module table, entry, aliases and externals passed in; the build stops if a Bokeh or
// Panel upgrade changes that wrapper (sitebuild/sliced.py, LOADERS).
(function () {
  "use strict";
  let modules = null;
  let entry = null;
  let aliases = {};
  let externals = {};
  const cache = {};
  const bundles = [];   // { kind, entry, order, table, aliases }, in the order the scripts ran
  let main = null;
  let evaluating = null;
  const lazy = new Map();   // lazy-modules: id -> whether it has been evaluated

  const normalize = function (name) {
    if (typeof name === "number") return name;
    if (name === "bokehjs") return entry;
    if (!externals[name]) {
      const prefix = "@bokehjs/";
      if (name.slice(0, prefix.length) === prefix) name = name.slice(prefix.length);
    }
    const alias = aliases[name];
    if (alias != null) return alias;
    const trailing = name.length > 0 && name[name.length - 1] === "/";
    const index = aliases[name + (trailing ? "" : "/") + "index"];
    if (index != null) return index;
    return name;
  };

  const require = function (name) {
    let mod = cache[name];
    if (!mod) {
      const id = normalize(name);
      mod = cache[id];
      if (!mod) {
        if (!modules[id]) {
          if (externals[id] === false) {
            mod = { exports: {} };
            cache[id] = cache[name] = mod;
            return mod.exports;
          }
          const err = new Error("Cannot find module '" + name + "'");
          err.code = "MODULE_NOT_FOUND";
          throw err;
        }
        mod = { exports: {} };
        cache[id] = cache[name] = mod;
        if (lazy.has(id)) {
          mod.exports = lazyExports(id, mod.exports);
          return mod.exports;
        }
        run(id, mod);
      } else {
        cache[name] = mod;
      }
    }
    return mod.exports;
  };
  require.resolve = function () { return ""; };
  // Module `id`'s factory run into `mod` (its exports, and the helpers it is called with).
  function run(id, mod) {
    const __esModule = function () {
      Object.defineProperty(mod.exports, "__esModule", { value: true });
    };
    const __esExport = function (name, value) {
      Object.defineProperty(mod.exports, name, { enumerable: true, get: function () { return value; } });
    };
    modules[id].call(mod.exports, require, mod, mod.exports, __esModule, __esExport);
  }

  // A lazy module's exports (the lazy-modules lever): `target`, the object its factory will
  // fill, behind a proxy whose every trap first has the factory run (once), then does what the
  // object itself would (Reflect). The factory gets `target` itself, so the proxy's invariants
  // hold; the build checks that the module exports by assigning to it (never replacing
  // module.exports) and marks itself an ES module (its __esModule() call), so `__esModule` is
  // set at once and read without running it: tslib's __importDefault and __importStar, which a
  // dependant may call on it as it is evaluated, ask only that.
  function lazyExports(id, target) {
    Object.defineProperty(target, "__esModule", { value: true });
    const evaluate = () => {
      if (lazy.get(id)) return;
      lazy.set(id, true);
      run(id, { exports: target });
    };
    const handler = {};
    for (const trap of Object.getOwnPropertyNames(Reflect)) {
      handler[trap] = function (...args) {
        if (args[1] !== "__esModule") evaluate();
        return Reflect[trap](...args);
      };
    }
    return new Proxy(target, handler);
  }

  // What bokeh.min.js does once its entry is evaluated: the loader's additions to the main
  // module's exports, then its wrapper's (window.Bokeh, and Bokeh[version]).
  function installMain() {
    main = require(entry);
    main.require = require;
    if (typeof Proxy !== "undefined") {
      main.loader = new Proxy({}, { get: function (_obj, module) { return require(module); } });
    }
    main.register_plugin = function (pluginModules, pluginEntry, pluginAliases) {
      registerTable(pluginModules, pluginAliases || {});
      return evaluatePlugin(pluginEntry);
    };
    main.__bokeh__ = true;
    if (typeof window.Bokeh === "undefined" || typeof window.Bokeh.__bokeh__ === "undefined") {
      window.Bokeh = main;
    }
    window.Bokeh[main.version] = main;
  }

  function registerTable(table, tableAliases) {
    for (const name in table) modules[name] = table[name];
    for (const name in tableAliases) aliases[name] = tableAliases[name];
  }

  // What a plugin's wrapper does through Bokeh.register_plugin once its modules are in.
  function evaluatePlugin(pluginEntry) {
    const plugin = require(pluginEntry);
    for (const name in plugin) main[name] = plugin[name];
    return plugin;
  }

  // Let the browser run what waits (a tap, a frame, a message from the worker): boot.js's.
  const yieldToBrowser = () => window.rfNextTask();

  async function evaluateAll() {
    // The first slice in a task of its own, not in the one of the script whose load called
    // evaluate() (that script's compile and run, 10-15 ms under Lighthouse's trace).
    await yieldToBrowser();
    const slice = window.rfSlicer();
    for (const bundle of bundles) {
      // A plugin's table joins BokehJS's when its turn comes, as its script's
      // register_plugin call would have done after BokehJS's evaluation.
      if (bundle.kind !== "bokeh") registerTable(bundle.table, bundle.aliases);
      for (const id of bundle.order) {
        if (!cache[id]) {
          try {
            require(id);
          } catch (error) {
            // Left for the entry's own require to meet (and throw) where BokehJS would.
            delete cache[id];
            console.warn(`Rangefinder: module ${id} not evaluated ahead:`, error);
          }
        }
        if (slice.due()) await slice.next();
      }
      if (bundle.kind === "bokeh") installMain();
      else evaluatePlugin(bundle.entry);
    }
    document.documentElement.dataset.bokehSlices = String(slice.slices);
    return window.Bokeh;
  }

  // A bundle's table, handed over in parts (one script each, sitebuild/sliced.py), made whole:
  // an array (BokehJS's own bundle: [offset, modules from that index]) or an object.
  let parts = [];
  function joinParts(last, offset) {
    const all = [...parts, [offset, last]];
    parts = [];
    if (!Array.isArray(last)) return Object.assign({}, ...all.map(([, part]) => part));
    const table = [];
    for (const [start, part] of all) part.forEach((module, n) => { table[start + n] = module; });
    return table;
  }

  window.rfSlicedEval = {
    // Called by each script of a bundle but its last, as it runs: a part of its module table.
    part(offset, table) {
      parts.push([offset, table]);
    },
    // Called by a bundle's last script as it runs: its module table (joined with the parts
    // before it), not evaluated, and the ids of its modules to evaluate on first use only.
    bundle(kind, bundleEntry, bundleAliases, bundleExternals, order, last, offset = 0,
      lazyIds = []) {
      const table = joinParts(last, offset);
      for (const id of lazyIds) lazy.set(id, false);
      if (kind === "bokeh") {
        modules = table;
        entry = bundleEntry;
        aliases = bundleAliases;
        externals = bundleExternals;
      } else if (modules === null) {
        throw new Error("Cannot find Bokeh. You have to load it prior to loading plugins.");
      }
      bundles.push({ kind, entry: bundleEntry, order, table, aliases: bundleAliases });
    },
    // For the tests: each lazy module's id and whether it has been evaluated.
    lazy() {
      return Object.fromEntries(lazy);
    },
    // Every bundle handed in so far, evaluated in slices; resolves to window.Bokeh.
    evaluate() {
      if (evaluating === null) evaluating = evaluateAll();
      return evaluating;
    },
  };
})();
