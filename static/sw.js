// Rangefinder's service worker: the whole build, pre-cached at install, so the site works
// offline after the first visit. One cache per build, named by the build's content hash;
// files of two builds are never mixed:
// * install waits for every file (cache.addAll is all-or-nothing), or the worker is discarded;
// * no skipWaiting(): a new build takes over only once no page of the old one is open, and
//   until then the old worker answers from the old cache only;
// * activation drops every other Rangefinder cache.
const BUILD_ID = "__BUILD_ID__";
const CACHE = `rangefinder-${BUILD_ID}`;
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    // "no-cache": revalidate with the server; what the page just loaded comes back as a
    // 304 from the HTTP cache instead of being downloaded a second time.
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" }))))
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(
      keys.filter((key) => key.startsWith("rangefinder-") && key !== CACHE).map((key) => caches.delete(key))
    )).then(() => self.clients.claim())
  );
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
