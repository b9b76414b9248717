// Share, embed and install (issue 14). Runs after boot.js and only listens to what the shell
// already keeps current: the address bar (boot.js rewrites it with history.replaceState after
// every input change, so location.href is always the link to what is on screen), and
// <html data-stage / data-ready / data-embed>.
//
// * On a page of the site: "Copy link", "Copy embed code" (an <iframe> snippet with embed=1
//   and the height the content needs now), "QR code" (drawn here, offline, by the
//   qrcode-generator library the build ships under vendor/), and "Install" where the browser
//   offers it (beforeinstallprompt). Where the clipboard is missing or refused, the text is
//   shown selected in a dialog, for copying by hand.
// * Embedded (embed=1, in an iframe): posts {type: "rangefinder:resize", page, height} to the
//   host whenever the content's height changes, and once when the app is ready (after
//   boot.js's {type: "rangefinder:ready"}).
(function () {
  "use strict";
  const html = document.documentElement;
  const QR_LIBRARY = "vendor/qrcode-generator/qrcode.js";
  const VIEWS = ["result", "chart"];

  function pageSlug() {
    return new URLSearchParams(window.location.search).get("page") || "home";
  }

  // --- embedded: tell the host how tall the content is ---------------------------------------

  function embedded() {
    const view = new URLSearchParams(window.location.search).get("view");
    if (VIEWS.includes(view)) html.dataset.view = view;   // app.css: no bottom padding then
    if (window.parent === window) return;
    let last = -1;
    // <body> is as tall as its content in embed mode (app.css drops its min-height), so its
    // box is what the iframe needs (the live app drawn out of sight is out of the flow);
    // where something sticks out of it and the frame scrolls, the scroll height.
    const height = () => {
      const page = document.documentElement;
      const body = Math.ceil(document.body.getBoundingClientRect().bottom + window.scrollY);
      return page.scrollHeight > page.clientHeight ? Math.max(body, page.scrollHeight) : body;
    };
    function post(force) {
      if (html.dataset.stage === "loading" && !force) return;   // the loader only: wait
      const now = height();
      if (now === last && !force) return;
      last = now;
      window.parent.postMessage({ type: "rangefinder:resize", page: pageSlug(), height: now }, "*");
    }
    if (typeof ResizeObserver === "function") new ResizeObserver(() => post(false)).observe(document.body);
    // Once at ready, beside boot.js's "rangefinder:ready" (posted just before this runs),
    // whatever the size: a browser delivers no ResizeObserver notes to an iframe out of sight.
    let readySent = false;
    new MutationObserver(() => {
      const ready = html.dataset.ready === "true" && !readySent;
      if (ready) readySent = true;
      post(ready);
    }).observe(html, { attributes: true, attributeFilter: ["data-stage", "data-ready"] });
  }

  // --- on the site: copy link, copy embed code, QR code, install ------------------------------

  // Elements inside the open shadow roots Bokeh draws the app into.
  function deepQuery(root, selector) {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const host of root.querySelectorAll("*")) {
      if (host.shadowRoot) {
        const inner = deepQuery(host.shadowRoot, selector);
        if (inner) return inner;
      }
    }
    return null;
  }

  function content() {
    // The prerendered page while it is shown, the live app once it has taken over.
    return document.getElementById("rf-pre")
      || (html.dataset.stage === "live" ? document.getElementById("rf-app") : null);
  }

  // "Rangefinder: Beam shot (Master of Orion II (1.50))", from the navigation's choice.
  function pageTitle() {
    const root = content();
    const host = root && deepQuery(root, ".rf-nav-select");
    const select = host && (host.shadowRoot || host).querySelector("select");
    const option = select && select.selectedOptions[0];
    if (pageSlug() === "home" || !option) return "Rangefinder: combat-rules calculators";
    const system = option.parentElement && option.parentElement.label;
    return `Rangefinder: ${option.textContent.trim()}${system ? ` (${system})` : ""}`;
  }

  // What an embed of this page needs now: the page less the site's header and navigation,
  // which embed mode leaves out (at this width: a narrower iframe may need more).
  function embedHeight() {
    const root = content();
    if (!root) return 900;   // nothing drawn yet
    const box = root.getBoundingClientRect();
    const nav = deepQuery(root, ".rf-nav");
    const top = nav && nav.offsetParent !== null ? nav.getBoundingClientRect().bottom : box.top;
    return Math.max(150, Math.ceil(box.bottom - top));
  }

  function embedUrl() {
    const url = new URL(window.location.href);
    url.searchParams.set("embed", "1");
    url.hash = "";
    return url.href;
  }

  function attribute(text) {
    return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  }

  function embedCode() {
    return `<iframe src="${attribute(embedUrl())}" title="${attribute(pageTitle())}" `
      + `width="100%" height="${embedHeight()}" loading="lazy" style="border:0"></iframe>\n`
      + "<!-- The calculator posts {type: \"rangefinder:resize\", page, height} to this page "
      + "whenever its height changes: a few lines of script on the host can apply it (see "
      + "\"Embedding\" in Rangefinder's README). Add view=result or view=chart to the link "
      + "for a small fixed frame. -->";
  }

  function setup() {
    const status = document.getElementById("rf-share-status");
    const dialog = document.getElementById("rf-share-dialog");
    const title = document.getElementById("rf-share-title");
    const hint = document.getElementById("rf-share-hint");
    const qrBox = document.getElementById("rf-qr");
    const label = document.getElementById("rf-share-label");
    const field = document.getElementById("rf-share-text");
    const close = document.getElementById("rf-share-close");
    const copyLink = document.getElementById("rf-copy-link");
    const copyEmbed = document.getElementById("rf-copy-embed");
    const showQr = document.getElementById("rf-show-qr");
    const install = document.getElementById("rf-install");
    if (!dialog || !copyLink) return;
    let opener = null;

    function openDialog(what) {
      title.textContent = what.title;
      hint.textContent = what.hint;
      label.textContent = what.label;
      field.value = what.text;
      // Tall enough for a link on a phone (about 28 characters a line there, broken at punctuation).
      field.rows = Math.max(what.rows, Math.min(8, Math.ceil(what.text.length / 28)));
      qrBox.replaceChildren();
      qrBox.hidden = !what.qr;
      if (what.qr) qrBox.appendChild(what.qr);
      opener = document.activeElement;
      if (typeof dialog.showModal === "function") {
        if (!dialog.open) dialog.showModal();
      } else {
        dialog.setAttribute("open", "");   // a browser without <dialog>: shown in place
      }
      if (what.select) {
        field.focus();
        field.select();
      } else {
        close.focus();
      }
    }
    function closeDialog() {
      if (typeof dialog.close === "function") dialog.close();
      else { dialog.removeAttribute("open"); restoreFocus(); }
    }
    function restoreFocus() {
      if (opener && typeof opener.focus === "function") opener.focus();
      opener = null;
    }
    close.addEventListener("click", closeDialog);
    dialog.addEventListener("close", restoreFocus);
    // A click on the backdrop (outside the dialog's box) closes it too.
    dialog.addEventListener("click", (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right
        && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) closeDialog();
    });

    function confirmCopied(button, what) {
      if (!button.dataset.label) button.dataset.label = button.textContent;
      button.style.minWidth = `${button.offsetWidth}px`;   // no jump while it says "Copied"
      button.textContent = "Copied";
      button.classList.add("rf-copied");
      status.textContent = `${what} copied to the clipboard`;
      clearTimeout(Number(button.dataset.timer));
      button.dataset.timer = String(setTimeout(() => {
        button.textContent = button.dataset.label;
        button.classList.remove("rf-copied");
        button.style.minWidth = "";
        status.textContent = "";
      }, 2500));
    }

    async function copy(text, button, what, rows) {
      const clipboard = navigator.clipboard;
      if (clipboard && typeof clipboard.writeText === "function") {
        try {
          await clipboard.writeText(text);
          confirmCopied(button, what);
          return;
        } catch (error) {
          console.info("Rangefinder: the clipboard refused the text; showing it to copy by hand");
        }
      }
      // Plain http, an old browser, or a refusal: the text, selected, for Ctrl+C / long press.
      openDialog({
        title: `Copy the ${what.toLowerCase()}`,
        hint: "This browser did not let the page copy it. The text below is selected: "
          + "copy it with Ctrl+C (⌘C on a Mac), or long-press it on a touch screen.",
        label: what,
        text,
        rows,
        select: true,
        qr: null,
      });
      status.textContent = `${what} shown, selected, to copy by hand`;
    }

    copyLink.addEventListener("click", () => copy(window.location.href, copyLink, "Link", 3));
    copyEmbed.addEventListener("click", () => copy(embedCode(), copyEmbed, "Embed code", 7));

    // --- QR code ---
    let library = null;
    function loadLibrary() {
      if (typeof window.qrcode === "function") return Promise.resolve(window.qrcode);
      if (library === null) {
        library = new Promise((resolve, reject) => {
          const script = document.createElement("script");
          script.src = QR_LIBRARY;
          script.onload = () => resolve(window.qrcode);
          script.onerror = () => { library = null; reject(new Error(`${QR_LIBRARY} did not load`)); };
          document.head.appendChild(script);
        });
      }
      return library;
    }
    const SVG = "http://www.w3.org/2000/svg";
    function qrSvg(qrcode, text) {
      // The library encodes (byte mode, error correction M, the smallest version that fits);
      // this only draws its modules, dark on white whatever the theme, with the 4-module quiet
      // zone scanners need. One path: a run of dark modules in a row is one rectangle.
      const qr = qrcode(0, "M");
      qr.addData(text);
      qr.make();
      const n = qr.getModuleCount();
      let d = "";
      for (let row = 0; row < n; row += 1) {
        for (let col = 0; col < n; col += 1) {
          if (!qr.isDark(row, col)) continue;
          let run = 1;
          while (col + run < n && qr.isDark(row, col + run)) run += 1;
          d += `M${col} ${row}h${run}v1h-${run}z`;
          col += run - 1;
        }
      }
      const quiet = 4;
      const size = n + 2 * quiet;
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("viewBox", `${-quiet} ${-quiet} ${size} ${size}`);
      svg.setAttribute("width", String(size * 6));
      svg.setAttribute("height", String(size * 6));
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", "QR code of the link below");
      svg.setAttribute("shape-rendering", "crispEdges");
      svg.dataset.modules = String(n);
      const background = document.createElementNS(SVG, "rect");
      for (const [key, value] of [["x", -quiet], ["y", -quiet], ["width", size], ["height", size], ["fill", "#ffffff"]]) {
        background.setAttribute(key, String(value));
      }
      const path = document.createElementNS(SVG, "path");
      path.setAttribute("d", d);
      path.setAttribute("fill", "#000000");
      svg.append(background, path);
      return svg;
    }
    showQr.addEventListener("click", async () => {
      const link = window.location.href;
      let qr = null;
      let hint = "Scan it with a phone or tablet camera: it opens this calculator with the "
        + "inputs shown here (on the same network, or wherever this site is hosted).";
      try {
        qr = qrSvg(await loadLibrary(), link);
      } catch (error) {
        console.warn("Rangefinder: no QR code:", error);
        hint = `No QR code could be drawn (${error.message || error}); the link is below.`;
      }
      openDialog({ title: "QR code of this page", hint, label: "Link", text: link, rows: 3, select: false, qr });
    });

    // --- install as an app, where the browser offers it ---
    let offer = null;
    window.addEventListener("beforeinstallprompt", (event) => {
      event.preventDefault();   // our discreet button instead of the browser's banner
      offer = event;
      install.hidden = false;
    });
    install.addEventListener("click", async () => {
      const event = offer;
      offer = null;
      install.hidden = true;
      if (!event) return;
      try {
        await event.prompt();
        await event.userChoice;
      } catch (error) {
        console.warn("Rangefinder: the install prompt failed:", error);
      }
    });
    window.addEventListener("appinstalled", () => {
      offer = null;
      install.hidden = true;
    });
  }

  if (html.dataset.embed === "true") embedded();
  else setup();
})();
