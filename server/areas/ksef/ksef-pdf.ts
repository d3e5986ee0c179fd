import { eq } from "drizzle-orm";
import { KSEF_QR_URLS, type KsefEnvironment } from "../../../domain/ksef-environment";
import { ksefVerificationLink } from "../../../domain/ksef-qr";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { ksefSubmissions } from "../../db/schema";
import type { InvoicePdfKsef } from "../../integrations/invoices/invoice-pdf";

// What an invoice's PDF says of KSeF (issue 28, docs/decisions/068): nothing when the invoice does not
// go there (no submission row), "being sent" while the row waits (or was refused: it has no number
// yet), and once sent its KSeF number with the verification QR code KOD I linking to the
// environment's QR host with the seller's NIP, the issue date and the SHA-256 of the exact XML sent.
// The simulator (KSEF_ENV=local) has no QR host of its own: its links use the test environment's.

/** The QR host of an environment; `local` (the simulator) uses the test environment's. */
export function ksefQrHost(env: KsefEnvironment | string): string {
  if (env === "demo" || env === "production") return KSEF_QR_URLS[env];
  return KSEF_QR_URLS.test;
}

/** The document an invoice or a correcting invoice is: which column of ksef_submissions names it. */
export type KsefDocumentRef = { invoiceId: number } | { correctingInvoiceId: number };

export function submissionWhere(ref: KsefDocumentRef) {
  return "invoiceId" in ref
    ? eq(ksefSubmissions.invoiceId, ref.invoiceId)
    : eq(ksefSubmissions.correctingInvoiceId, ref.correctingInvoiceId);
}

/** The KSeF block of a document's PDF (undefined: the document does not go to KSeF). */
export async function ksefPdfBlock(
  db: Db,
  config: Config,
  ref: KsefDocumentRef,
  issueDate: string,
): Promise<InvoicePdfKsef | undefined> {
  const [row] = await db
    .select({
      state: ksefSubmissions.state,
      environment: ksefSubmissions.environment,
      ksefNumber: ksefSubmissions.ksefNumber,
      xmlSha256: ksefSubmissions.xmlSha256,
    })
    .from(ksefSubmissions)
    .where(submissionWhere(ref));
  if (!row) return undefined;
  if (row.state !== "sent" || !row.ksefNumber) return { state: "waiting" };
  return {
    state: "sent",
    ksefNumber: row.ksefNumber,
    verificationLink: ksefVerificationLink(
      ksefQrHost(row.environment),
      config.seller.nip,
      issueDate,
      row.xmlSha256,
    ),
  };
}
