// The sliced-render lever (sitebuild/levers.py): the live document's first drawing, as
// BokehJS's embed_items draws it, in several tasks instead of one (issue 30: it was the
// longest task left at takeover on a phone).
//
// embed_items(docs_json, render_items) makes the document from its JSON, then for each root
// builds its views (an async tree of build_views calls whose awaits never leave the task) and
// draws them (one synchronous call). Here the same steps run with a yield to the browser
// between them: after the document is made, inside the views' building whenever a slice has
// run for SLICE_MS (before each build_views call: a layout's children), and once every view
// is built, before the drawing. The drawing itself stays one task (BokehJS draws a root in
// one call).
//
// It calls BokehJS's own functions (embed/dom, embed/standalone, document/document,
// core/build_views, core/view_manager: BokehJS 3.10's modules, reached through
// Bokeh.require); if any is missing (another BokehJS), boot.js gets embed_items as before.
// The yields are made only while the first document is drawn: nothing else reaches it then
// (the worker sends no change before the page says it has drawn it).
(function () {
  "use strict";
  const SLICE_MS = 10;

  const yieldToBrowser = () => window.rfNextTask();   // boot.js's

  let active = false;
  let sliceStart = 0;
  let slices = 0;
  async function pause(always) {
    if (!active) return;
    if (always || performance.now() - sliceStart >= SLICE_MS) {
      await yieldToBrowser();
      slices += 1;
      sliceStart = performance.now();
    }
  }

  // BokehJS's modules this needs, or null (then boot.js uses embed_items).
  function bokehParts(Bokeh) {
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

  let parts = undefined;
  function install(Bokeh) {
    parts = bokehParts(Bokeh);
    if (parts === null) return;
    // Callers read the export at each call ((0, o.build_views)(...)), so this reaches them.
    const buildViews = parts.buildViews.build_views;
    parts.buildViews.build_views = async function (...args) {
      await pause(false);
      return buildViews.apply(this, args);
    };
    // A root's views built (add_document_standalone's build_view): a yield before it is drawn.
    const buildView = parts.ViewManager.prototype.build_view;
    parts.ViewManager.prototype.build_view = async function (...args) {
      const view = await buildView.apply(this, args);
      await pause(true);
      return view;
    };
  }

  // Resolves as embed_items does: one view manager per render item. Sets
  // <html data-render-slices> to the number of tasks it took (for the browser tests).
  window.rfSlicedRender = async function (docsJson, renderItems) {
    const Bokeh = window.Bokeh;
    if (parts === undefined) install(Bokeh);
    if (parts === null || renderItems.some((item) => item.docid == null)) {
      return Bokeh.embed.embed_items(docsJson, renderItems);
    }
    active = true;
    slices = 1;
    try {
      await pause(true);
      const docs = {};
      for (const [id, json] of Object.entries(docsJson)) docs[id] = parts.Document.from_json(json);
      const managers = [];
      for (const item of renderItems) {
        await pause(true);
        const element = parts.dom._resolve_element(item);
        const roots = parts.dom._resolve_root_elements(item);
        managers.push(await parts.standalone.add_document_standalone(
          docs[item.docid], element, roots, item.use_for_title));
      }
      document.documentElement.dataset.renderSlices = String(slices);
      return managers;
    } finally {
      active = false;
    }
  };
})();
