import { createContext, createElement, type ReactNode, useContext } from "react";

// The Content-Security-Policy nonce of the page being rendered (docs/decisions/020-security-headers.md).
// The server makes a fresh one per request (server/http/security-headers.ts), web/entry.server.tsx
// provides it here, and every inline <script> a component renders passes it as `nonce`. In the
// browser there is none to give: browsers hide the attribute once parsed, and scripts that code
// adds after hydration are trusted through 'strict-dynamic'.

/**
 * zod 4 probes `new Function("")` when it builds its first object schema, to decide whether to
 * compile its parsers: without 'unsafe-eval' the probe fails (caught), yet the browser reports a
 * CSP violation. zod reads `globalThis.__zod_globalConfig` when it loads, so this classic script
 * in <head> (web/root.tsx, with the nonce) runs before any module and turns the probe off: in the
 * browser zod parses without compiling.
 */
export const ZOD_JITLESS_SCRIPT =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";

const CspNonceContext = createContext<string | undefined>(undefined);

export function CspNonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return createElement(CspNonceContext.Provider, { value: nonce }, children);
}

/** The nonce for an inline `<script nonce={…}>` (undefined in the browser). */
export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
