// The offline copy of the site: every page, script, module and icon, kept in a cache named by the
// build (web.sh writes the build's id in place of __BUILD__), so that a page is only ever served with
// the wasm built beside it. A new build has a new worker, which fills its own cache and deletes the
// old one once it takes over.
"use strict";

const CACHE = "spinfall-__BUILD__";
const FILES = [
  "./", "index.html", "lab.html", "spinfall.js", "mq_js_bundle.js", "spinfall.wasm", "lab.wasm",
  "manifest.json", "icon-192.png", "icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("spinfall-") && n !== CACHE)
        .map((n) => caches.delete(n))))
      .then(() => self.clients.claim()));
});

// The cache first (the query string names options, not files), then the network for anything the
// build does not hold.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(event.request)));
});
