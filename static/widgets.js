// Fixes to the widgets of BokehJS 3.10 and Panel 1.10 (accessibility, print), which draw each widget in
// its own shadow root, out of reach of app.css and of the Python side. Loaded after BokehJS and
// Panel and before anything is drawn, so the prerendered page and the live app both get them.
// The browser tests (tests/site/test_accessibility.py: axe-core on every page, the keyboard; test_print.py)
// fail if a Bokeh or Panel upgrade breaks one of these.
(function () {
  "use strict";
  const Bokeh = window.Bokeh;
  if (!Bokeh || typeof Bokeh.require !== "function") return;

  function patch(viewClass, method, after) {
    const proto = viewClass && viewClass.prototype;
    if (!proto || typeof proto[method] !== "function") {
      console.warn(`Rangefinder: accessibility fix not applied (${method})`);
      return;
    }
    const original = proto[method];
    proto[method] = function (...args) {
      const out = original.apply(this, args);
      after.call(this, out);
      return out;
    };
  }
  const viewOf = (model) => model && model.prototype && model.prototype.default_view;

  // 1. Rules every component's shadow root gets:
  //  - a visible keyboard focus (Bokeh's own is a 1px dotted grey outline on buttons and none
  //    on inputs); its colour, --rf-focus, is set per theme in app.css and inherits inside;
  //  - on paper, nothing marked rf-no-print or rf-share (navigation, share buttons), and no
  //    sticky or shadowed boxes.
  const SHARED_CSS = `
:focus-visible { outline: 3px solid var(--rf-focus, #b34700) !important; outline-offset: 2px !important; }
@media print {
  :host(.rf-no-print), :host(.rf-share), .rf-no-print, .rf-share { display: none !important; }
}`;
  const ui = Bokeh.require("models/ui/ui_element").UIElementView;
  const stylesheets = ui.prototype.stylesheets;
  ui.prototype.stylesheets = function () {
    return [...stylesheets.call(this), SHARED_CSS];
  };

  // 2. A number box's up/down buttons answer the mouse only (mousedown), yet are plain
  //    <button>s without a name in the tab order: three tab stops per box, two of them silent.
  //    Out of the tab order and hidden from screen readers; the keyboard steps the value with
  //    the arrow keys (and Page Up/Down) in the box itself, which Bokeh already handles.
  patch(viewOf(Bokeh.Widgets.Spinner), "_render_input", function () {
    for (const button of [this.btn_up_el, this.btn_down_el]) {
      if (!button) continue;
      button.tabIndex = -1;
      button.setAttribute("aria-hidden", "true");
    }
  });

  // 3. A checkbox's text is a <div> beside it, so the box has no name: wrap both in a <label>
  //    (display: contents, so nothing moves); tapping the text now ticks the box too.
  patch(viewOf(Bokeh.Widgets.Checkbox), "render", function () {
    const box = this.checkbox_el;
    const text = this.label_el;
    if (!box || !text || !box.parentNode) return;
    const label = document.createElement("label");
    label.style.display = "contents";
    box.parentNode.insertBefore(label, box);
    label.append(box, text);
  });

  // 4. A row of choice buttons shows the chosen one by colour only: say it with aria-pressed.
  for (const model of [Bokeh.Panel && Bokeh.Panel.RadioButtonGroup, Bokeh.Widgets.RadioButtonGroup,
                       Bokeh.Panel && Bokeh.Panel.CheckboxButtonGroup, Bokeh.Widgets.CheckboxButtonGroup]) {
    patch(viewOf(model), "_update_active", function () {
      for (const button of this._buttons || []) {
        button.setAttribute("aria-pressed", String(button.classList.contains("bk-active")));
      }
    });
  }
})();
