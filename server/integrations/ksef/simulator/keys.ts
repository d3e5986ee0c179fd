import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { publicKeyId, sha256Base64 } from "../ksef-crypto";

// The simulator's OWN TEST key pair (simulator-test-key.pem, simulator-test-certificate.pem: RSA
// 2048, self-signed, generated once with openssl for this simulator). It stands in for the Ministry's
// public key, so the client's real encryption is exercised; it is public, protects nothing, and is
// never used outside the simulator (docs/decisions/067).

const DIR = path.dirname(fileURLToPath(import.meta.url));

export interface SimulatorKeys {
  privateKey: KeyObject;
  certificate: X509Certificate;
  /** the certificate's DER in Base64, as GET /security/public-key-certificates gives it */
  certificateBase64: string;
  publicKeyId: string;
}

let loaded: SimulatorKeys | null = null;

export function simulatorKeys(): SimulatorKeys {
  if (loaded) return loaded;
  const certificate = new X509Certificate(fs.readFileSync(path.join(DIR, "simulator-test-certificate.pem")));
  loaded = {
    privateKey: createPrivateKey(fs.readFileSync(path.join(DIR, "simulator-test-key.pem"))),
    certificate,
    certificateBase64: certificate.raw.toString("base64"),
    publicKeyId: publicKeyId(certificate),
  };
  return loaded;
}

/** The two published certificates (one per usage, the same test key), valid from a year ago. */
export function publicKeyCertificates(now: Date) {
  const keys = simulatorKeys();
  const validFrom = new Date(now.getTime() - 365 * 86_400_000).toISOString();
  const validTo = new Date(keys.certificate.validTo).toISOString();
  return (["KsefTokenEncryption", "SymmetricKeyEncryption"] as const).map((usage) => ({
    certificate: keys.certificateBase64,
    certificateId: sha256Base64(keys.certificate.raw),
    publicKeyId: keys.publicKeyId,
    validFrom,
    validTo,
    usage: [usage],
  }));
}
