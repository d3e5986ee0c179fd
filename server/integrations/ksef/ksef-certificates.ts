import type { X509Certificate } from "node:crypto";
import { certificateFromBase64, publicKeyId } from "./ksef-crypto";
import type { KsefHttp } from "./ksef-http";

// The Ministry's public-key certificates (reference/ksef/docs/klucze-publiczne-do-szyfrowania.md):
// fetched from GET /security/public-key-certificates when first needed, kept in memory, and fetched
// again when the chosen one has expired or KSeF says the key is unknown or withdrawn (21470). For each
// usage the certificate valid now with the latest validFrom is chosen, as the documentation says.

export type KeyUsage = "KsefTokenEncryption" | "SymmetricKeyEncryption";

/** KSeF's exception code for an unknown or withdrawn publicKeyId. */
export const KSEF_UNKNOWN_KEY = 21470;

interface PublishedCertificate {
  certificate: string;
  publicKeyId?: string;
  validFrom: string;
  validTo: string;
  usage: string[];
}

export interface ChosenKey {
  certificate: X509Certificate;
  publicKeyId: string;
  validTo: Date;
}

export function createKsefCertificates(http: KsefHttp, now: () => Date) {
  let published: PublishedCertificate[] | null = null;
  const chosen = new Map<KeyUsage, ChosenKey>();

  async function load(): Promise<PublishedCertificate[]> {
    const list = await http.json<PublishedCertificate[]>({
      method: "GET",
      path: "/security/public-key-certificates",
    });
    published = Array.isArray(list) ? list : [];
    chosen.clear();
    return published;
  }

  function choose(list: PublishedCertificate[], usage: KeyUsage): ChosenKey | null {
    const at = now().getTime();
    const valid = list
      .filter((each) => each.usage?.includes(usage))
      .filter((each) => Date.parse(each.validFrom) <= at && at < Date.parse(each.validTo))
      .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom));
    const latest = valid[0];
    if (!latest) return null;
    const certificate = certificateFromBase64(latest.certificate);
    return {
      certificate,
      publicKeyId: latest.publicKeyId ?? publicKeyId(certificate),
      validTo: new Date(latest.validTo),
    };
  }

  return {
    /** The key to encrypt with for this usage; fetched when none is held or the held one expired. */
    async key(usage: KeyUsage): Promise<ChosenKey> {
      const held = chosen.get(usage);
      if (held && held.validTo > now()) return held;
      let key = published ? choose(published, usage) : null;
      if (!key) key = choose(await load(), usage);
      if (!key) throw new Error(`KSeF publishes no valid certificate for ${usage}`);
      chosen.set(usage, key);
      return key;
    },
    /** KSeF refused the key (21470): the next key() fetches the list again. */
    forget(): void {
      published = null;
      chosen.clear();
    },
  };
}

export type KsefCertificates = ReturnType<typeof createKsefCertificates>;
