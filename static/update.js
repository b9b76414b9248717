// "A new version is ready" (issue 28): when the service worker (static/sw.js) has installed a
// new build in the background and it waits for this build's pages to close, a discreet notice
// says so, with "Reload now" and "Later". Loaded as a module (deferred) after boot.js.
//
// * Never reloads by itself. "Reload now" asks the waiting worker to take over
//   ({type: "rangefinder:skip-waiting"}) and reloads once it controls the page, so the page
//   reloads into the new build, never into a mix of the two. "Later" hides the notice for this
//   visit; the new build then takes over when the last page of this one closes, as before.
// * Another tab's "Reload now" moves this tab's controller to the new build too: this tab
//   still runs the old build's code, so the notice says so (even after "Later") and offers
//   the same reload. Whatever this tab fetches from then on is the new build's.
// * The notice is a region with a live status line (announced, not focused: it never takes
//   the keyboard away from an input); its two buttons are ordinary buttons in the tab order,
//   and Escape on them means "Later".
// * Not in an embed (embed=1): the host page's visitor did not come for this site's updates.
// <html data-update> is "ready" or "elsewhere" while the notice is shown.
const html = document.documentElement;
const box = document.getElementById("rf-update");
const message = document.getElementById("rf-update-msg");
const reloadButton = document.getElementById("rf-update-reload");
const laterButton = document.getElementById("rf-update-later");

const READY = "A new version of Rangefinder is ready.";
const ELSEWHERE = "A new version of Rangefinder is running in another tab.";

let dismissed = false;      // "Later": not again during this visit
let reloading = false;      // "Reload now" pressed: reload at the next controller change
let registration = null;

// `text` in the notice; READY not again after "Later", ELSEWHERE even then (this tab's files
// now come from the new build while its code is the old one's: a reload is due).
function show(text) {
  if (reloading || (dismissed && text === READY)) return;
  html.dataset.update = text === READY ? "ready" : "elsewhere";
  box.hidden = false;
  // The live region is filled once it is shown, so that screen readers announce it.
  setTimeout(() => { if (!box.hidden) message.textContent = text; }, 0);
}

function hide() {
  box.hidden = true;
  message.textContent = "";
  delete html.dataset.update;
}

function later() {
  dismissed = true;
  hide();
}

function reloadNow() {
  reloading = true;
  reloadButton.disabled = true;
  laterButton.disabled = true;
  message.textContent = "Loading the new version...";
  const waiting = registration && registration.waiting;
  // No worker waits any more (another tab took the update over): this page's controller is
  // already the new build, and a reload is enough.
  if (!waiting) window.location.reload();
  else waiting.postMessage({ type: "rangefinder:skip-waiting" });
}

// A worker that finished installing while a controller serves this page is the next build.
function watch(worker) {
  const check = () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) show(READY);
  };
  worker.addEventListener("statechange", check);
  check();
}

async function start() {
  if (!("serviceWorker" in navigator) || !box || html.dataset.embed === "true") return;
  reloadButton.addEventListener("click", reloadNow);
  laterButton.addEventListener("click", later);
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !reloading) later();
  });
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) {
      window.location.reload();
      return;
    }
    // The first visit's worker claiming this page is not an update.
    if (controlled) show(ELSEWHERE);
    controlled = true;
  });
  // boot.js registers the worker once the app is interactive; `ready` waits for that on a
  // first visit, and is at once on every later one.
  registration = await navigator.serviceWorker.ready;
  if (registration.waiting) watch(registration.waiting);
  if (registration.installing) watch(registration.installing);
  registration.addEventListener("updatefound", () => {
    if (registration.installing) watch(registration.installing);
  });
}

start().catch((error) => console.warn("Rangefinder: no update notice:", error));
