// Runs before the page paints: the stored or preferred colour scheme, so it never flashes.
(function () {
  let theme = null;
  try { theme = localStorage.getItem("rangefinder-theme"); } catch (e) { /* storage blocked */ }
  if (theme !== "dark" && theme !== "light") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.dataset.theme = theme;
  const params = new URLSearchParams(window.location.search);
  if (params.get("embed") === "1") {
    document.documentElement.dataset.embed = "true";
  }
  // The prerendered page, asked for before anything else loads (boot.js draws it). Only for
  // browsers that can draw it: declarative shadow DOM by setHTMLUnsafe, gzip by
  // DecompressionStream; others wait for the app.
  const config = __RANGEFINDER_CONFIG__;
  const slug = params.get("page") || "home";
  const early = {};
  if (config.prerender && config.snapshots && /^[a-z0-9-]+$/.test(slug)
      && typeof DecompressionStream !== "undefined" && "setHTMLUnsafe" in Element.prototype) {
    const get = (url) => fetch(`prerender/${url}`).catch(() => null);
    // The light page whole, then the edits of each variant (sitebuild/snapshot.py chain()):
    // all asked for at once.
    const chain = [`${slug}.light.html.json.gz`];
    if (theme !== "light") chain.push(`${slug}.${theme}.html.json.gz`);
    if (params.get("embed") === "1") chain.push(`${slug}.${theme}.embed.html.json.gz`);
    early.snapshot = Promise.all(chain.map(get));
    early.styles = get("styles.json.gz");
    // The loader as the one line it becomes over the prerendered page, from the first paint:
    // drawn as a block first, it pushed the page down 165 px until the snapshot came, which
    // then jumped up (Lighthouse's CLS). boot.js sets it back if no snapshot is shown.
    if (!params.has("view")) document.documentElement.dataset.loader = "slim";
  }
  window.rangefinderEarly = early;
})();
