import {
  constants,
  createCipheriv,
  createHash,
  publicEncrypt,
  randomBytes,
  X509Certificate,
} from "node:crypto";

// The cryptography KSeF API 2.0 asks of a client (reference/ksef/docs/uwierzytelnianie.md,
// sesja-interaktywna.md, klucze-publiczne-do-szyfrowania.md), with node:crypto only:
// - the KSeF token is sent as RSA-OAEP (SHA-256, MGF1 SHA-256) of `token|timestampMs` with the
//   Ministry's public key for KsefTokenEncryption;
// - each online session has its own AES-256 key and 128-bit IV; the key goes to KSeF as RSA-OAEP
//   with the key for SymmetricKeyEncryption, and each invoice as AES-256-CBC with PKCS#7 padding;
// - with an invoice go the SHA-256 (Base64) and byte sizes of the plain and the encrypted document.

/** A DER certificate as the API gives it (Base64 without PEM armour), or a PEM one. */
export function certificateFromBase64(certificate: string): X509Certificate {
  return new X509Certificate(
    certificate.includes("BEGIN CERTIFICATE") ? certificate : Buffer.from(certificate, "base64"),
  );
}

/** RSA-OAEP with SHA-256 as both the hash and MGF1's hash, with the certificate's public key. */
export function rsaOaepEncrypt(certificate: X509Certificate, data: Buffer): Buffer {
  return publicEncrypt(
    { key: certificate.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    data,
  );
}

/** The `encryptedToken` of POST /auth/ksef-token: `token|timestampMs` (the challenge's), Base64. */
export function encryptKsefToken(certificate: X509Certificate, token: string, timestampMs: number): string {
  return rsaOaepEncrypt(certificate, Buffer.from(`${token}|${timestampMs}`, "utf8")).toString("base64");
}

/** One online session's symmetric key: never logged, never stored outside this process's memory. */
export interface SessionKey {
  key: Buffer;
  iv: Buffer;
}

export function newSessionKey(): SessionKey {
  return { key: randomBytes(32), iv: randomBytes(16) };
}

/** The `encryption` of POST /sessions/online: the AES key under RSA-OAEP and the IV, Base64. */
export function sessionEncryptionInfo(
  certificate: X509Certificate,
  sessionKey: SessionKey,
): { encryptedSymmetricKey: string; initializationVector: string } {
  return {
    encryptedSymmetricKey: rsaOaepEncrypt(certificate, sessionKey.key).toString("base64"),
    initializationVector: sessionKey.iv.toString("base64"),
  };
}

/** AES-256-CBC with PKCS#7 padding (node's default) under the session's key and IV. */
export function aesEncrypt(sessionKey: SessionKey, plain: Buffer): Buffer {
  const cipher = createCipheriv("aes-256-cbc", sessionKey.key, sessionKey.iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

export function sha256Base64(data: Buffer): string {
  return createHash("sha256").update(data).digest("base64");
}

/** The body of POST /sessions/online/{ref}/invoices for one document. */
export interface EncryptedInvoice {
  invoiceHash: string;
  invoiceSize: number;
  encryptedInvoiceHash: string;
  encryptedInvoiceSize: number;
  encryptedInvoiceContent: string;
}

/** Encrypts an invoice's XML (UTF-8, as it is) for a session, with the hashes and sizes KSeF checks. */
export function encryptInvoice(sessionKey: SessionKey, xml: string): EncryptedInvoice {
  const plain = Buffer.from(xml, "utf8");
  const encrypted = aesEncrypt(sessionKey, plain);
  return {
    invoiceHash: sha256Base64(plain),
    invoiceSize: plain.length,
    encryptedInvoiceHash: sha256Base64(encrypted),
    encryptedInvoiceSize: encrypted.length,
    encryptedInvoiceContent: encrypted.toString("base64"),
  };
}

/** The `publicKeyId` of a certificate: SHA-256 (Base64) of the DER SubjectPublicKeyInfo. */
export function publicKeyId(certificate: X509Certificate): string {
  return sha256Base64(certificate.publicKey.export({ type: "spki", format: "der" }));
}
