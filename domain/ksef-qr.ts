// The verification link of an invoice sent to KSeF, encoded in the QR code KOD I printed on the
// invoice's PDF (reference/ksef/docs/kody-qr.md):
//   {qr host}/invoice/{seller NIP}/{issue date DD-MM-RRRR}/{SHA-256 of the invoice XML, Base64URL}
// Pure (no node imports): the caller hashes the exact XML bytes sent to KSeF and passes the digest.
//
// The issue date is the invoice's P_1 as a string "YYYY-MM-DD" (InvoiceDocument.issueDate, already a
// Polish calendar day), not a Date: a Date would have to be turned into a Polish day again here, and
// the link must carry exactly the date written in the XML.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** 32 bytes in Base64 are 43 characters and one "=" of padding */
const SHA256_BASE64 = /^[A-Za-z0-9+/_-]{43}=?$/;

/** Base64 or Base64URL of a SHA-256 digest -> Base64URL without padding (RFC 4648 §5). */
export function sha256Base64Url(digestBase64: string): string {
  const value = digestBase64.trim();
  if (!SHA256_BASE64.test(value)) throw new RangeError("Not the Base64 of a SHA-256 digest");
  return value.replaceAll("+", "-").replaceAll("/", "_").replace(/=$/, "");
}

/**
 * The KOD I link. `qrBaseUrl` is the environment's QR address (domain/ksef-environment.ts
 * KSEF_QR_URLS, a trailing "/" is tolerated); `xmlSha256Base64` the digest in Base64 or Base64URL.
 * Throws RangeError on a NIP that is not 10 digits, a malformed date or digest.
 */
export function ksefVerificationLink(
  qrBaseUrl: string,
  sellerNip: string,
  issueDate: string,
  xmlSha256Base64: string,
): string {
  const nip = sellerNip.replace(/[\s-]/g, "");
  if (!/^\d{10}$/.test(nip)) throw new RangeError("The seller's NIP must be 10 digits");
  const date = ISO_DATE.exec(issueDate);
  if (!date) throw new RangeError(`The issue date must be YYYY-MM-DD, got ${issueDate}`);
  const [, year, month, day] = date;
  const base = qrBaseUrl.replace(/\/+$/, "");
  return `${base}/invoice/${nip}/${day}-${month}-${year}/${sha256Base64Url(xmlSha256Base64)}`;
}
