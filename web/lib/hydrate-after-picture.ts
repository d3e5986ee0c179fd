// Hydration starts once the page's LCP picture is on screen (docs/decisions/053).
//
// React Router's <Scripts> ends the page with an inline module script that imports the route
// modules and the entry, which hydrates. The server renames its type (web/lib/script-priority.ts),
// so the browser parses it but does not run it; the classic script below (web/root.tsx, with the
// request's nonce) runs it as a module once every `fetchpriority="high"` picture has loaded (or
// failed) and a frame has been painted, or after HYDRATE_AT_THE_LATEST_MS at the latest. The module
// preloads (React Router's links to the entry, the shell and the route chunks) are inert until then
// too. On a slow phone link the ~125 kB of JavaScript no longer shares the bandwidth with the
// document, the stylesheet and the picture, and the picture's paint no longer queues behind the
// scripts' evaluation and React's hydration. The price: the scripts start downloading only once the
// picture is shown, so the page becomes interactive that much later; it works before (links and
// forms without JavaScript), and a page without a high-priority picture starts them at
// DOMContentLoaded.

/** The type the hydration module script carries until the picture is shown (inert: not run). */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-picture";

/** The rel the page's module preloads carry until then (inert: nothing is fetched). */
export const DEFERRED_PRELOAD_REL = "x-modulepreload-after-picture";

/** Hydrate after this long even if a picture has neither loaded nor failed (a stalled request). */
export const HYDRATE_AT_THE_LATEST_MS = 3_000;

/**
 * The starter, a classic inline script. After DOMContentLoaded (the deferred script is parsed):
 * waits for the high-priority pictures, then two frames and a task (the frame holding the picture
 * is on screen before the scripts run, not merely drawn), then copies the deferred script into a module script with
 * the starter's own nonce, appended to <head> (the deferred one stays where React rendered it),
 * after module preloads for the deferred ones (the chunks download in parallel, not one import
 * after the other).
 * Runs once.
 */
export const HYDRATE_AFTER_PICTURE_SCRIPT = `(function(){var d=document,n=d.currentScript&&d.currentScript.nonce,r=0;function go(){if(r)return;r=1;[].forEach.call(d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]'),function(l){var c=d.createElement("link");c.rel="modulepreload";c.href=l.href;if(n)c.nonce=n;d.head.appendChild(c)});var s=d.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!s)return;var m=d.createElement("script");m.type="module";if(n)m.nonce=n;m.textContent=s.textContent;d.head.appendChild(m)}function shown(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}function start(){setTimeout(go,${HYDRATE_AT_THE_LATEST_MS});var p=[].filter.call(d.querySelectorAll('img[fetchpriority="high"]'),function(i){return!i.complete}),k=p.length;if(!k)return shown();p.forEach(function(i){function f(){if(--k===0)shown()}i.addEventListener("load",f,{once:true});i.addEventListener("error",f,{once:true})})}if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",start);else start()})();`;
