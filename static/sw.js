// Rangefinder's service worker: the whole build, pre-cached at install, so the site works
// offline after the first visit. One cache per build, named by the build's content hash;
// files of two builds are never mixed:
// * every file has a revision (the start of its sha256); install fills the new build's cache
//   with each file whose revision an earlier build's cache already holds, copied from there,
//   and fetches only the others, so an update downloads only the files that changed;
// * install checks every file it fetches against its revision (a deploy under way cannot slip
//   a file of another build in) and waits for every file, or the new cache is deleted and the
//   worker discarded (all or nothing, as cache.addAll);
// * no skipWaiting() of its own: a new build takes over once no page of the old one is open,
//   or when the visitor asks for it ("Reload now" in static/update.js posts
//   {type: "rangefinder:skip-waiting"}); until then the old worker answers from the old cache
//   only;
// * activation drops every other Rangefinder cache.
const BUILD_ID = "__BUILD_ID__";
const CACHE = `rangefinder-${BUILD_ID}`;
const REVISIONS = __REVISIONS__;

// Whether `response` holds the file of this revision (the start of the file's sha256).
async function isRevision(response, revision) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0"));
  return hex.join("").slice(0, revision.length) === revision;
}

// The response an earlier build's cache holds for `path` at this revision, or null.
async function kept(path, revision, earlier) {
  for (const cache of earlier) {
    const hit = await cache.match(path);
    if (hit && (await isRevision(hit, revision))) return hit;
  }
  return null;
}

async function fetched(path, revision) {
  // "no-cache": revalidate with the server; what the page just loaded comes back as a 304
  // from the HTTP cache instead of being downloaded a second time.
  const response = await fetch(new Request(path, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  if (!(await isRevision(response, revision))) {
    throw new Error(`${path} is not this build's file (a deploy under way?)`);
  }
  return response;
}

async function install() {
  const names = (await caches.keys()).filter((key) => key.startsWith("rangefinder-") && key !== CACHE);
  const earlier = await Promise.all(names.map((name) => caches.open(name)));
  await caches.delete(CACHE); // what an interrupted install of this build left
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(Object.entries(REVISIONS).map(async ([path, revision]) => {
      const response = (await kept(path, revision, earlier)) || (await fetched(path, revision));
      await cache.put(path, response);
    }));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(
      keys.filter((key) => key.startsWith("rangefinder-") && key !== CACHE).map((key) => caches.delete(key))
    )).then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  // "Reload now" (static/update.js): this waiting build takes over, and the page reloads.
  if (type === "rangefinder:skip-waiting") event.waitUntil(self.skipWaiting());
  // Which build a worker is (the tests ask the controller and the waiting worker).
  else if (type === "rangefinder:build" && event.ports[0]) event.ports[0].postMessage({ build: BUILD_ID });
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The app is one page: every navigation (whatever its query) is index.html.
    const hit = request.mode === "navigate"
      ? await cache.match("./")
      : await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
