// The live boards' cache: the Pyodide runtime, the packages and the game bundles (the site's
// _live/ folder) are kept in the browser after the first board, so a second board, on any
// page, starts without downloading them again. Only _live/ is cached; pages always come from
// the site. book/live/stage.py writes the build's version below: a new build is a new cache.
const VERSION = "__BOARDBOOK_LIVE_VERSION__";
const CACHE = `boardbook-live-${VERSION}`;
const LIVE = new URL("_live/", self.registration.scope).href;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("boardbook-live-") && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(LIVE)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })(),
  );
});
