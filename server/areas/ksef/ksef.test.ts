import { and, eq, inArray, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { KSEF_QR_URLS } from "../../../domain/ksef-environment";
import { ksefVerificationLink } from "../../../domain/ksef-qr";
import { buildApp } from "../../app";
import { correctingInvoices, invoices, jobs, ksefSubmissions, mailOutbox } from "../../db/schema";
import { createKsefGateway } from "../../integrations/ksef/ksef-gateway-factory";
import { kitForFile } from "../../test/kit-for-file";
import { startKsefSimulatorServer } from "../../test/ksef-simulator-server";
import { decodePdfQr } from "../../test/pdf-qr";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { expectDeclaredReply } from "../../test/reply-check";
import { itRefusesAllButStaff, startStaffApi } from "../../test/staff-api";
import { insertWithdrawalCase, type PaidOrder, placePaidOrder } from "../after-sale/after-sale.fixtures";
import { createJobWorker } from "../jobs/job-worker";
import { insertShopFixtures } from "../orders/orders.fixtures";
import { KSEF_JOBS } from "./ksef-queue";

// Invoices to KSeF (issue 28, docs/decisions/068), in process against the KSeF simulator behind a
// real HTTP server (KSEF_ENV=test, KSEF_API_URL): a paid company order is sent, numbered, its UPO
// stored and its PDF's QR code decodes to the verification link; KSeF busy or failing, two instances
// at once, a reply lost after the upload — the invoice arrives once; a refusal is shown and sent
// again; a refund's correcting invoice names the original; a consumer's invoice stays out; the paid
// e-mail waits for the number and goes once. The job queue is driven directly (no sleeps).

const COMPANY_NIP = "7740001454";

/** The network between the shop and KSeF: when told, loses the reply of the next upload KSeF took. */
function lossyNetwork() {
  let loseNextUpload = false;
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const reply = await fetch(request);
    if (
      loseNextUpload &&
      request.method === "POST" &&
      /\/sessions\/online\/[^/]+\/invoices$/.test(new URL(request.url).pathname)
    ) {
      loseNextUpload = false;
      await reply.arrayBuffer();
      throw new TypeError("fetch failed (the connection dropped after the upload)");
    }
    return reply;
  }) as typeof fetch;
  return { fetch: fetcher, loseNextUpload: () => (loseNextUpload = true) };
}

/** a second instance on the same database with its own KSeF client (its own sessions' keys) */
let second: FastifyInstance | null = null;

const kit = kitForFile(async () => {
  const ksef = await startKsefSimulatorServer();
  const network = lossyNetwork();
  const env = {
    KSEF_ENV: "test",
    KSEF_TOKEN: "test-ksef-token",
    KSEF_API_URL: ksef.url,
    KSEF_EMAIL_WAIT_MINUTES: "60",
  };
  const staff = await startStaffApi({ rateLimits: NO_ORDER_LIMIT, env });
  const shop = await insertShopFixtures(staff.database.db, { plainQuantity: 5_000 });
  return {
    ...staff,
    ksef,
    network,
    shop,
    async close() {
      await second?.close();
      await staff.close();
      await ksef.close();
    },
  };
});

/** A second app instance on the same database, its KSeF client behind the lossy network. */
async function secondInstance(): Promise<FastifyInstance> {
  if (second) return second;
  second = await buildApp(kit.config, kit.database, {
    web: false,
    logger: false,
    rateLimits: NO_ORDER_LIMIT,
    ksefGateway: createKsefGateway(kit.config, { fetch: kit.network.fetch, timeoutMs: 5_000 }),
  });
  return second;
}

const db = () => kit.database.db;

/**
 * Runs the due jobs of `app` until none is left, each failed one again at once (its back-off skipped);
 * the e-mail deadline job only when `emailDeadline`.
 */
async function runJobs(app: FastifyInstance = kit.app, options: { emailDeadline?: boolean } = {}) {
  const worker = createJobWorker(app.services.jobQueue, app.services.jobHandlers, {
    pollMs: 60_000,
    concurrency: 2,
  });
  for (let round = 0; round < 40; round += 1) {
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1_000) })
      .where(
        and(
          eq(jobs.status, "queued"),
          options.emailDeadline ? undefined : ne(jobs.kind, KSEF_JOBS.invoiceEmail),
        ),
      );
    if ((await worker.runDue()) === 0) return;
  }
  throw new Error("the jobs did not settle");
}

async function companyOrder(options: { nip?: string | null } = {}): Promise<PaidOrder> {
  const nip = options.nip === undefined ? COMPANY_NIP : options.nip;
  return placePaidOrder(kit.app, kit.config, kit.shop.plain, { delivered: true, ...(nip ? { nip } : {}) });
}

async function submissionOf(order: PaidOrder) {
  const [row] = await db()
    .select({ submission: ksefSubmissions, invoice: invoices })
    .from(invoices)
    .leftJoin(ksefSubmissions, eq(ksefSubmissions.invoiceId, invoices.id))
    .where(eq(invoices.orderId, order.id));
  if (!row) throw new Error("no invoice");
  return row;
}

/** How many times KSeF received this exact XML. */
function receivedTimes(xml: string): number {
  return kit.ksef.control.received().filter((invoice) => invoice.xml === xml).length;
}

async function paidEmails(order: PaidOrder) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, order.email), eq(mailOutbox.template, "order-paid")));
}

function staffGet(url: string) {
  return kit.call("moderator", "GET", url);
}

describe("a company's invoice", () => {
  it("is sent as FA(3), numbered, its UPO stored, its PDF's QR decodes to the verification link, the paid e-mail carries the number", async () => {
    const order = await companyOrder();
    const waiting = await submissionOf(order);
    const pdfUrl = `/api/orders/${order.orderNumber}/invoice?email=${encodeURIComponent(order.email)}`;
    // the e-mail waits for the number; built but not sent, the PDF says it is being sent (no QR code yet)
    expect(await paidEmails(order)).toHaveLength(0);
    await kit.app.services.ksef.prepare({ invoiceId: waiting.invoice.id });
    expect((await submissionOf(order)).submission?.state).toBe("waiting");
    const waitingPdf = await kit.app.inject({ method: "GET", url: pdfUrl });
    expect(await decodePdfQr(waitingPdf.rawPayload)).toBeNull();
    await runJobs();
    const { submission, invoice } = await submissionOf(order);
    expect(waiting.invoice.id).toBe(invoice.id);
    expect(submission).toMatchObject({ state: "sent", environment: "test" });
    expect(submission?.ksefNumber).toMatch(/^1111111111-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/);
    expect(submission?.upoXml).toContain(submission?.ksefNumber ?? "?");
    expect(submission?.acceptedAt).toBeInstanceOf(Date);
    expect(receivedTimes(submission?.xml ?? "")).toBe(1);

    const pdf = await kit.app.inject({ method: "GET", url: pdfUrl });
    expect(pdf.statusCode).toBe(200);
    const issueDate = invoice.issuedAt.toLocaleDateString("sv-SE", { timeZone: "Europe/Warsaw" });
    expect(await decodePdfQr(pdf.rawPayload)).toBe(
      ksefVerificationLink(KSEF_QR_URLS.test, kit.config.seller.nip, issueDate, submission?.xmlSha256 ?? ""),
    );

    const emails = await paidEmails(order);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain(submission?.ksefNumber);
    // the deadline job finds the e-mail sent: still one
    await runJobs(kit.app, { emailDeadline: true });
    expect(await paidEmails(order)).toHaveLength(1);

    const xml = await staffGet(`/api/staff/invoices/invoice/${invoice.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(submission?.xml);
    const upo = await staffGet(`/api/staff/invoices/invoice/${invoice.id}/upo`);
    expect(upo.body).toBe(submission?.upoXml);
  });

  it("is retried while KSeF answers 500 and 429, and arrives once", async () => {
    const order = await companyOrder();
    kit.ksef.control.failNext(2);
    kit.ksef.control.tooManyRequests(2, 1);
    await runJobs();
    const { submission } = await submissionOf(order);
    expect(submission?.state).toBe("sent");
    expect(receivedTimes(submission?.xml ?? "")).toBe(1);
  });

  it("is sent once when two instances run its send at the same moment", async () => {
    const second = await secondInstance();
    const order = await companyOrder();
    // the prepare job only: the row and its send job
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() + 60_000) })
      .where(eq(jobs.kind, KSEF_JOBS.invoiceEmail));
    await kit.app.services.ksef.prepare({ invoiceId: (await submissionOf(order)).invoice.id });
    const { submission } = await submissionOf(order);
    if (!submission) throw new Error("no submission");
    const runs = await Promise.allSettled([
      kit.app.services.ksef.send(submission.id),
      second.services.ksef.send(submission.id),
    ]);
    // one uploads; the other finds it claimed (its job would be retried) or already uploaded
    expect(runs.filter((run) => run.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    await Promise.all([runJobs(kit.app), runJobs(second)]);
    const after = await submissionOf(order);
    expect(after.submission?.state).toBe("sent");
    expect(receivedTimes(submission.xml)).toBe(1);
  });

  it("is found by its hash, not sent again, when the upload's reply was lost and another instance retries", async () => {
    const second = await secondInstance();
    const order = await companyOrder();
    const { invoice } = await submissionOf(order);
    await second.services.ksef.prepare({ invoiceId: invoice.id });
    const { submission } = await submissionOf(order);
    if (!submission) throw new Error("no submission");
    kit.network.loseNextUpload();
    await expect(second.services.ksef.send(submission.id)).rejects.toThrow();
    const interrupted = await submissionOf(order);
    expect(interrupted.submission).toMatchObject({ state: "waiting", invoiceReference: null });
    expect(interrupted.submission?.sessionReference).not.toBeNull();
    expect(receivedTimes(submission.xml)).toBe(1);
    // "a restart": the first instance, which never held that session's key, finishes it
    await kit.app.services.ksef.send(submission.id);
    await runJobs();
    const after = await submissionOf(order);
    expect(after.submission?.state).toBe("sent");
    expect(after.submission?.sessionReference).toBe(interrupted.submission?.sessionReference);
    expect(receivedTimes(submission.xml)).toBe(1);
  });
});

describe("a refused invoice", () => {
  it("shows KSeF's reason to staff, and is sent again once the cause is gone", async () => {
    const order = await companyOrder();
    kit.ksef.control.refuseNextInvoice({
      code: 450,
      description: "Błąd weryfikacji semantyki dokumentu faktury",
      details: ["P_2: duplikat"],
    });
    await runJobs();
    const { submission, invoice } = await submissionOf(order);
    expect(submission).toMatchObject({
      state: "refused",
      errorCode: 450,
      errorMessage: "Błąd weryfikacji semantyki dokumentu faktury",
      errorDetails: ["P_2: duplikat"],
    });
    // a refusal is an answer: nothing in the dead letter
    const dead = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, "failed"), inArray(jobs.kind, Object.values(KSEF_JOBS))));
    expect(dead).toHaveLength(0);

    const list = await staffGet("/api/staff/invoices?state=refused");
    expectDeclaredReply(kit.app, "GET /api/staff/invoices", list);
    const row = list
      .json()
      .items.find(
        (item: { _id: number; kind: string }) => item._id === invoice.id && item.kind === "invoice",
      );
    expect(row.ksef).toMatchObject({
      state: "refused",
      errorCode: 450,
      errorMessage: "Błąd weryfikacji semantyki dokumentu faktury",
    });
    const counted = await kit.app.services.ksef.refusedCount();
    expect(counted).toBeGreaterThanOrEqual(1);

    const resend = await kit.call("moderator", "POST", `/api/staff/invoices/invoice/${invoice.id}/resend`);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ state: "waiting", errorCode: null });
    expect((await kit.lastAudit("ksef.resend"))?.entityId).toBe(String(submission?.id));
    const again = await kit.call("moderator", "POST", `/api/staff/invoices/invoice/${invoice.id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("ksef/not-refused");

    await runJobs();
    const after = await submissionOf(order);
    expect(after.submission?.state).toBe("sent");
    expect(after.submission?.ksefNumber).not.toBeNull();
  });

  itRefusesAllButStaff(kit, [["POST", "/api/staff/invoices/invoice/1/resend", undefined]], () =>
    db().select({ id: ksefSubmissions.id, state: ksefSubmissions.state }).from(ksefSubmissions),
  );

  it("the staff reads refuse anyone but staff", async () => {
    for (const url of [
      "/api/staff/invoices",
      "/api/staff/invoices/invoice/1/xml",
      "/api/staff/invoices/export/2026-11/csv",
    ]) {
      expect((await kit.call("anonymous", "GET", url)).statusCode).toBe(401);
      expect((await kit.call("user", "GET", url)).statusCode).toBe(403);
    }
  });
});

describe("a correcting invoice", () => {
  it("of a refund on a KSeF invoice is sent naming the original's KSeF number", async () => {
    const order = await companyOrder();
    await runJobs();
    const original = await submissionOf(order);
    const { caseId } = await insertWithdrawalCase(db(), order);
    const refund = await kit.call("moderator", "POST", `/api/after-sale/orders/${order.id}/refunds`, {
      amountGrosze: 1_000,
      reason: "withdrawal",
      caseId,
    });
    expect(refund.statusCode).toBe(201);
    await runJobs();
    const [correction] = await db()
      .select({ correction: correctingInvoices, submission: ksefSubmissions })
      .from(correctingInvoices)
      .leftJoin(ksefSubmissions, eq(ksefSubmissions.correctingInvoiceId, correctingInvoices.id))
      .where(eq(correctingInvoices.orderId, order.id));
    expect(correction?.submission?.state).toBe("sent");
    expect(correction?.submission?.xml).toContain(
      `<NrKSeFFaKorygowanej>${original.submission?.ksefNumber}</NrKSeFFaKorygowanej>`,
    );
    const list = await staffGet("/api/staff/invoices?state=sent");
    expect(
      list
        .json()
        .items.some(
          (item: { kind: string; _id: number }) =>
            item.kind === "correcting" && item._id === correction?.correction.id,
        ),
    ).toBe(true);
  });
});

describe("a consumer's invoice with KSEF_B2C off", () => {
  it("has no submission: 'nie dotyczy', and its paid e-mail goes at once", async () => {
    const order = await companyOrder({ nip: null });
    await runJobs();
    const { submission, invoice } = await submissionOf(order);
    expect(submission).toBeNull();
    expect(await paidEmails(order)).toHaveLength(1);
    const list = await staffGet("/api/staff/invoices?state=none");
    const row = list
      .json()
      .items.find(
        (item: { kind: string; _id: number }) => item.kind === "invoice" && item._id === invoice.id,
      );
    expect(row.ksef).toMatchObject({ state: "none", ksefNumber: null, hasXml: false });
  });
});

describe("the paid e-mail", () => {
  it("waits for the KSeF number, goes once after the wait saying it will follow, and not again when the number comes", async () => {
    const order = await companyOrder();
    // KSeF away for now: the send fails and is retried later
    kit.ksef.control.failNext(1);
    const worker = createJobWorker(kit.app.services.jobQueue, kit.app.services.jobHandlers, {
      pollMs: 60_000,
      concurrency: 1,
    });
    await worker.runDue();
    expect(await paidEmails(order)).toHaveLength(0);
    // the wait is over: only the deadline job is made due
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1_000) })
      .where(and(eq(jobs.kind, KSEF_JOBS.invoiceEmail), eq(jobs.status, "queued")));
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() + 60_000) })
      .where(and(ne(jobs.kind, KSEF_JOBS.invoiceEmail), eq(jobs.status, "queued")));
    await worker.runDue();
    const emails = await paidEmails(order);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain("w drodze do KSeF");
    await runJobs(kit.app, { emailDeadline: true });
    expect((await submissionOf(order)).submission?.state).toBe("sent");
    expect(await paidEmails(order)).toHaveLength(1);
  });
});

describe("the accountant's export", () => {
  it("gives the month as CSV (;, BOM, 123,45) and a ZIP of the XML files", async () => {
    const order = await companyOrder();
    await runJobs();
    const { invoice, submission } = await submissionOf(order);
    const month = `${invoice.year}-${String(invoice.month).padStart(2, "0")}`;
    const csv = await staffGet(`/api/staff/invoices/export/${month}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.startsWith("\uFEFFRodzaj;Numer;")).toBe(true);
    const line = csv.body.split("\r\n").find((entry) => entry.includes(invoice.number));
    const gross = `${Math.floor(order.priceGrosze / 100)},${String(order.priceGrosze % 100).padStart(2, "0")}`;
    expect(line).toContain(`;${COMPANY_NIP};${gross};wysłana;${submission?.ksefNumber}`);
    const zip = await staffGet(`/api/staff/invoices/export/${month}/zip`);
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(new TextDecoder().decode(files[`${invoice.number.replaceAll("/", "-")}.xml`])).toBe(
      submission?.xml,
    );
  });
});
