import type { Page } from "@playwright/test";

// The XSS payload corpus (issue 7, "XSS payload corpus"): strings a hostile shopper or a careless
// staff member could type into any text or HTML field or put into a URL. Every payload, if the
// browser ever ran it, sets `window.__xss` to its id or calls alert(id), so e2e/xss.spec.ts can
// tell that nothing executed (and which payload would have).

export interface XssPayload {
  id: number;
  /** what the payload tries */
  kind: string;
  text: string;
}

const corpus: [kind: string, text: (id: number) => string][] = [
  ["script tag", (id) => `<script>window.__xss=${id}</script>`],
  ["img onerror", (id) => `<img src=x onerror=window.__xss=${id}>`],
  ["svg onload", (id) => `<svg onload=window.__xss=${id}>`],
  ["tag breakout", (id) => `"><script>window.__xss=${id}</script>`],
  ["attribute breakout (double quote)", (id) => `" autofocus onfocus=window.__xss=${id} x="`],
  ["attribute breakout (single quote)", (id) => `' autofocus onfocus=alert(${id}) x='`],
  ["iframe srcdoc", (id) => `<iframe srcdoc="<script>parent.__xss=${id}</script>">`],
  ["javascript: link", (id) => `<a href="javascript:window.__xss=${id}">x${id}</a>`],
  ["tab-split javascript: link", (id) => `<a href="jav&#x09;ascript:alert(${id})">x</a>`],
  ["details ontoggle", (id) => `<details open ontoggle=window.__xss=${id}>`],
  ["input autofocus", (id) => `<input autofocus onfocus=window.__xss=${id}>`],
  ["entity-encoded handler", (id) => `<img src=x onerror="&#97;lert(${id})">`],
  ["script-in-script breakout", (id) => `</script><script>window.__xss=${id}</script>`],
  ["title breakout", (id) => `</title><script>window.__xss=${id}</script>`],
  ["textarea breakout", (id) => `</textarea><img src=x onerror=alert(${id})>`],
  ["style mutation (mXSS)", (id) => `<style><img src=x onerror=alert(${id})></style>`],
  ["noscript mutation (mXSS)", (id) => `<noscript><p title="</noscript><img src=x onerror=alert(${id})>">`],
  ["template literal", (id) => `\${alert(${id})}\`;window.__xss=${id};\``],
  ["template injection", (id) => `{{constructor.constructor('alert(${id})')()}}`],
  ["HTML-entity encoded tag", (id) => `&lt;img src=x onerror=alert(${id})&gt;`],
  ["URL-encoded tag", (id) => `%3Cimg%20src%3Dx%20onerror%3Dalert(${id})%3E`],
  ["JSON unicode-escaped tag", (id) => `\\u003cimg src=x onerror=alert(${id})\\u003e`],
  ["JSON string breakout", (id) => `"}]</script><script>window.__xss=${id}</script>`],
  ["meta refresh", (id) => `<meta http-equiv=refresh content="0;url=javascript:alert(${id})">`],
  ["data: link", (id) => `<a href="data:text/html,<script>alert(${id})</script>">x</a>`],
  ["object data", (id) => `<object data="javascript:alert(${id})"></object>`],
  // last: these two leave the parser inside an unclosed <style> or comment, which swallows what
  // follows in one HTML text (harmless, but later payloads would never reach the page)
  [
    "math/mglyph mutation (mXSS)",
    (id) => `<math><mtext><table><mglyph><style><img src=x onerror=alert(${id})>`,
  ],
  ["comment + script breakout", (id) => `<!--</script><script>alert(${id})</script>`],
];

export const XSS_PAYLOADS: readonly XssPayload[] = corpus.map(([kind, text], index) => ({
  id: index + 1,
  kind,
  text: text(index + 1),
}));

/** Every payload in one string (for HTML fields and long descriptions). */
export function allPayloads(separator = " "): string {
  return XSS_PAYLOADS.map((payload) => payload.text).join(separator);
}

/** The payloads that fit a field of `max` characters, each on its own. */
export function payloadsUpTo(max: number): XssPayload[] {
  return XSS_PAYLOADS.filter((payload) => payload.text.length <= max);
}

/**
 * Texts for a short field (a title of at most `max` characters), each starting with `prefix`:
 * as many payloads as fit in each, so every payload of at most that length lands in one of them.
 */
export function packPayloads(prefix: string, max: number): string[] {
  const texts: string[] = [];
  let current = prefix;
  for (const payload of payloadsUpTo(max - prefix.length - 1)) {
    if (current.length + 1 + payload.text.length > max) {
      texts.push(current);
      current = prefix;
    }
    current = `${current} ${payload.text}`;
  }
  if (current !== prefix) texts.push(current);
  return texts;
}

/** Payloads without whitespace (coupon codes, URL path segments). */
export function compactPayloads(max: number): string[] {
  return XSS_PAYLOADS.map((payload) => payload.text.replace(/ /g, "/"))
    .filter((text) => text.length <= max && !/\s/.test(text))
    .slice(0, 8);
}

declare global {
  interface Window {
    __xss?: number | string;
  }
}

/** Installs the traps before any page script: alert/confirm/prompt record the payload id too. */
export async function installXssTraps(page: Page, dialogs: string[]): Promise<void> {
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()} at ${page.url()}`);
    await dialog.dismiss().catch(() => undefined);
  });
}

export interface DomFindings {
  /** window.__xss after load and hydration (undefined when nothing ran) */
  executed: unknown;
  /** elements carrying an on* attribute (React never writes one) */
  handlers: string[];
  /** links or frames with a javascript: or data: address */
  scriptUrls: string[];
  /** script elements a payload created (their text starts with the payload's code) */
  injectedScripts: string[];
  /** iframes with srcdoc, object/embed, meta refresh and base elements */
  dangerousElements: string[];
  /** JSON-LD blocks that no longer parse (a breakout would cut them) */
  brokenJsonLd: number;
}

/** Looks through the whole document (head and body) for what a payload would have left. */
export async function inspectDom(page: Page): Promise<DomFindings> {
  return page.evaluate(() => {
    const describe = (element: Element) => element.outerHTML.slice(0, 160);
    const all = Array.from(document.querySelectorAll("*"));
    const handlers = all
      .filter((element) => Array.from(element.attributes).some((attr) => /^on/i.test(attr.name)))
      .map(describe);
    // the scheme as the browser resolves it (tabs and newlines inside "java\tscript:" dropped)
    const scheme = (address: string) => {
      try {
        return new URL(address, document.baseURI).protocol;
      } catch {
        return "";
      }
    };
    const scriptUrls = all
      .filter((element) => {
        const schemes = ["href", "src", "action", "formaction", "data", "xlink:href"]
          .map((name) => element.getAttribute(name))
          .filter((address): address is string => address !== null)
          .map(scheme);
        if (schemes.some((found) => found === "javascript:" || found === "vbscript:")) return true;
        // data: documents in links and frames (data: images and the inline favicon are fine)
        return (
          /^(A|AREA|IFRAME|FRAME|OBJECT|EMBED|FORM|BUTTON|INPUT|BASE)$/.test(element.tagName) &&
          schemes.includes("data:")
        );
      })
      .map(describe);
    const injectedScripts = Array.from(document.querySelectorAll("script"))
      .filter((script) => /^\s*(window\.__xss|parent\.__xss|alert\()/.test(script.textContent ?? ""))
      .map(describe);
    const dangerousElements = Array.from(
      document.querySelectorAll("iframe[srcdoc], object, embed, meta[http-equiv], base"),
    ).map(describe);
    let brokenJsonLd = 0;
    for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
      try {
        JSON.parse(script.textContent ?? "");
      } catch {
        brokenJsonLd += 1;
      }
    }
    return {
      executed: window.__xss,
      handlers,
      scriptUrls,
      injectedScripts,
      dangerousElements,
      brokenJsonLd,
    };
  });
}
