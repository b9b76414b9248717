// Runs before the page paints: the stored or preferred colour scheme, so it never flashes.
(function () {
  let theme = null;
  try { theme = localStorage.getItem("rangefinder-theme"); } catch (e) { /* storage blocked */ }
  if (theme !== "dark" && theme !== "light") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.dataset.theme = theme;
  if (new URLSearchParams(window.location.search).get("embed") === "1") {
    document.documentElement.dataset.embed = "true";
  }
})();
