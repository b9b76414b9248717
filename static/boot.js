// The main thread: shows progress, renders what the Python worker describes, keeps the two in
// sync, and tells embedders when the app is interactive.
(function () {
  "use strict";
  const html = document.documentElement;
  const loader = document.getElementById("rf-loader");
  const loaderMsg = document.getElementById("rf-loader-msg");
  const app = document.getElementById("rf-app");
  const started = performance.now();

  function showStatus(msg) { if (loaderMsg) loaderMsg.textContent = msg; }
  function showError(msg) {
    // Shown even after the app is up: a failure is never silent.
    html.dataset.error = "true";
    if (loader) {
      loader.classList.add("rf-loader--error");
      loader.hidden = false;
    }
    showStatus(msg);
  }

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

  // --- the worker ---
  const worker = new Worker("worker.js", { type: "module" });
  let jsdoc = null;
  let busy = false;
  let queue = [];
  let patching = 0;

  function sendChange(event) {
    if ((event.setter_id != null && event.setter_id === "py") || patching > 0) return;
    if (busy && event.model && event.attr) {
      queue = queue.filter((old) => !(old.model === event.model && old.attr === event.attr));
      queue.push(event);
      return;
    }
    busy = true;
    worker.postMessage({ type: "patch", patch: jsdoc.create_json_patch([event]) });
  }

  function becomeReady() {
    if (html.dataset.ready === "true") return;
    html.dataset.ready = "true";
    html.dataset.bootMs = String(Math.round(performance.now() - started));
    if (loader) loader.hidden = true;
    if (window.parent !== window) {
      window.parent.postMessage({ type: "rangefinder:ready" }, "*");
    }
    registerServiceWorker();
  }

  worker.onmessage = async (event) => {
    const msg = event.data;
    if (msg.type === "status") {
      showStatus(msg.msg);
    } else if (msg.type === "error") {
      showError(msg.msg);
    } else if (msg.type === "idle") {
      if (queue.length) {
        const patch = jsdoc.create_json_patch(queue);
        queue = [];
        busy = true;
        worker.postMessage({ type: "patch", patch });
      } else {
        busy = false;
      }
    } else if (msg.type === "render") {
      html.dataset.boots = String(Number(html.dataset.boots || 0) + 1);
      showStatus("Drawing");
      const docsJson = JSON.parse(msg.docsJson);
      const renderItems = JSON.parse(msg.renderItems);
      const rootIds = JSON.parse(msg.rootIds);
      const roots = {};
      for (const id of rootIds) {
        const el = document.createElement("div");
        el.id = `rf-root-${id}`;
        el.style.display = "contents";
        app.appendChild(el);
        roots[id] = el.id;
      }
      renderItems[0].roots = roots;
      renderItems[0].root_ids = rootIds;
      const [views] = await window.Bokeh.embed.embed_items(docsJson, renderItems);
      jsdoc = [...views.roots.values()][0].model.document;
      window.rangefinderDocument = jsdoc;  // for embedders' scripts and the browser tests
      jsdoc.on_change(sendChange, false);
      worker.postMessage({ type: "rendered" });
      worker.postMessage({ type: "theme", theme: html.dataset.theme });
      worker.postMessage({ type: "location", location: JSON.stringify(window.location) });
    } else if (msg.type === "patch") {
      try {
        patching += 1;
        jsdoc.apply_json_patch(msg.patch, msg.buffers);
      } finally {
        patching -= 1;
      }
    } else if (msg.type === "ready") {
      becomeReady();
    }
  };
  worker.onerror = (event) => showError(`The Python worker failed: ${event.message || "see the console"}`);

  // --- offline: a service worker that pre-caches the whole build ---
  // Registered once the app is interactive: by then the files the app needed are in the HTTP
  // cache, so pre-caching revalidates them instead of competing with the first load.
  function registerServiceWorker() {
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.register("sw.js").catch((error) => console.warn("Rangefinder: no offline cache:", error));
    }
  }
})();
