import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { startFakeSmtp } from "../../test/fake-smtp";
import { testConfig } from "../../test/test-config";
import { MAX_RETRY_MS } from "../jobs/job-backoff";
import { createJobQueue, DEFAULT_MAX_ATTEMPTS } from "../jobs/job-queue";
import { createJobWorker, jobHandler } from "../jobs/job-worker";
import { createMailService, MAIL_DELIVER_JOB } from "./mail.service";

let database: TestDatabase;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mail-"));
const config = testConfig({ DATA_DIR: dataDir });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The mail service with SMTP, its queue on a clock the test moves, and a worker running only mail. */
function smtpMail(smtpUrl: string) {
  const clock = {
    now: new Date("2026-11-27T10:00:00Z"),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const queue = createJobQueue(database.db, { clock: () => clock.now });
  const mail = createMailService(database.db, { ...config, smtpUrl }, { jobs: queue });
  const worker = createJobWorker(
    queue,
    {
      [MAIL_DELIVER_JOB]: jobHandler({
        payload: z.object({ outboxId: z.number() }),
        run: ({ outboxId }) => mail.deliverStored(outboxId),
        dead: ({ outboxId }) => mail.markUndelivered(outboxId),
      }),
    },
    { pollMs: 1_000, concurrency: 1 },
  );
  return { mail, queue, worker, clock };
}

function outboxMail(configuration = config) {
  return createMailService(database.db, configuration, { jobs: createJobQueue(database.db) });
}

describe("mail outbox", () => {
  it("stores the message and writes a readable .eml with Polish text", async () => {
    const mail = outboxMail();
    const sent = await mail.send({
      to: "Jan@Example.com",
      subject: "Potwierdź adres e-mail",
      text: "Kliknij link: http://localhost:3000/api/auth/confirm?token=abc",
      html: '<p>Kliknij <a href="http://localhost:3000/api/auth/confirm?token=abc">link</a></p>',
      template: "email-confirmation",
    });
    expect(sent.status).toBe("sent");
    expect(path.dirname(sent.emlPath)).toBe(config.outboxDir);
    const eml = fs.readFileSync(sent.emlPath, "utf8");
    expect(eml).toMatch(/^To: jan@example\.com$/im);
    expect(eml).toContain("Content-Type: multipart/alternative");
    const [row] = await mail.list({ to: "jan@example.com" });
    expect(row).toMatchObject({
      template: "email-confirmation",
      status: "sent",
      subject: "Potwierdź adres e-mail",
    });
  });

  it("over SMTP, a refused send is retried with back-off until delivered, never lost", async () => {
    // what happened before the job queue: the first refusal marked the row failed, and nothing
    // ever tried it again
    const smtp = await startFakeSmtp({ failFirst: 2 });
    try {
      const { mail, queue, worker, clock } = smtpMail(smtp.url);
      const sent = await mail.send({
        to: "g@example.com",
        subject: "Zamówienie",
        text: "Treść",
        template: "test",
      });
      expect(sent.status).toBe("pending");
      expect(fs.existsSync(sent.emlPath)).toBe(true);

      expect(await worker.runDue()).toBe(1);
      let [row] = await mail.list({ to: "g@example.com" });
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      // the server's answer names the recipient: the stored error does not
      expect(row?.lastError).toMatch(/451 4.3.0 <\[e-mail\]>/);
      expect(row?.lastError).not.toContain("g@example.com");
      const [job] = (await queue.list()).recent.filter((entry) => entry.kind === MAIL_DELIVER_JOB);
      expect(job).toMatchObject({ status: "queued", attempts: 1 });
      expect(new Date(job?.runAt ?? 0).getTime() - clock.now.getTime()).toBe(30_000);

      // not before its time
      expect(await worker.runDue()).toBe(0);
      clock.advance(30_000);
      expect(await worker.runDue()).toBe(1);
      clock.advance(60_000);
      expect(await worker.runDue()).toBe(1);

      [row] = await mail.list({ to: "g@example.com" });
      expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
      expect(smtp.attempts).toBe(3);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(["g@example.com"]);
      expect(smtp.received[0]?.data).toContain("Subject: =?UTF-8?Q?Zam=C3=B3wienie?=");
      // a second run of a delivered job sends nothing again
      await mail.deliverStored(row?.id ?? 0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("a message one can unsubscribe from carries List-Unsubscribe and its one-click POST, in the file and over SMTP", async () => {
    const smtp = await startFakeSmtp({ failFirst: 0 });
    try {
      const { mail, worker } = smtpMail(smtp.url);
      const url = "http://localhost:3000/powiadom-mnie/wypisz?token=abc-DEF_123";
      const sent = await mail.send({
        to: "u@example.com",
        subject: "Znów dostępny",
        text: "Treść",
        template: "test",
        listUnsubscribe: url,
      });
      const headersOf = (eml: string) => (eml.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n /g, " ");
      const stored = headersOf(fs.readFileSync(sent.emlPath, "utf8"));
      expect(stored).toContain(`List-Unsubscribe: <${url}>`);
      expect(stored).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(await worker.runDue()).toBe(1);
      const delivered = headersOf(smtp.received[0]?.data ?? "");
      expect(delivered).toContain(`List-Unsubscribe: <${url}>`);
      expect(delivered).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      // other messages have neither
      const plain = await mail.send({
        to: "u@example.com",
        subject: "Inny",
        text: "Treść",
        template: "test",
      });
      expect(fs.readFileSync(plain.emlPath, "utf8")).not.toContain("List-Unsubscribe");
      expect(await worker.runDue()).toBe(1);
      expect(headersOf(smtp.received[1]?.data ?? "")).not.toContain("List-Unsubscribe");
    } finally {
      await smtp.close();
    }
  });

  it("over SMTP, a send refused every time ends in the dead letter, the row failed, and a retry delivers it", async () => {
    const smtp = await startFakeSmtp({ failFirst: Number.POSITIVE_INFINITY });
    try {
      const { mail, queue, worker, clock } = smtpMail(smtp.url);
      await mail.send({ to: "h@example.com", subject: "Test", text: "Treść", template: "test" });
      for (let attempt = 1; attempt <= DEFAULT_MAX_ATTEMPTS; attempt++) {
        expect(await worker.runDue()).toBe(1);
        clock.advance(MAX_RETRY_MS);
      }
      expect(await worker.runDue()).toBe(0);
      const [dead] = (await queue.list()).failed;
      expect(dead).toMatchObject({
        kind: MAIL_DELIVER_JOB,
        status: "failed",
        attempts: DEFAULT_MAX_ATTEMPTS,
      });
      let [row] = await mail.list({ to: "h@example.com" });
      expect(row).toMatchObject({ status: "failed", attempts: DEFAULT_MAX_ATTEMPTS });

      // the server works again; staff retry the job
      smtp.failNext = 0;
      expect(await queue.retry(dead?._id ?? 0)).not.toBeNull();
      expect(await worker.runDue()).toBe(1);
      [row] = await mail.list({ to: "h@example.com" });
      expect(row).toMatchObject({ status: "sent" });
      expect(smtp.received.map((message) => message.to)).toEqual([["h@example.com"]]);
    } finally {
      await smtp.close();
    }
  });

  it("without SMTP, messages whose .eml cannot be written are stored as failed", async () => {
    // the outbox folder's place is taken by a file: no .eml can be written there
    const blockedDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mail-blocked-"));
    const blocked = testConfig({ DATA_DIR: blockedDir });
    fs.mkdirSync(path.dirname(blocked.outboxDir), { recursive: true });
    fs.writeFileSync(blocked.outboxDir, "not a folder");
    try {
      const mail = outboxMail(blocked);
      const answers = await mail.sendMany([
        { to: "c@example.com", subject: "Pierwsza", text: "Treść", template: "test" },
        { to: "d@example.com", subject: "Druga", text: "Treść", template: "test" },
      ]);
      expect(answers.every((answer) => answer instanceof Error)).toBe(true);
      const [row] = await mail.list({ to: "c@example.com" });
      expect(row).toMatchObject({ status: "failed", sentAt: null });
      expect(row?.lastError).toMatch(/ENOTDIR|EEXIST/);
    } finally {
      fs.rmSync(blockedDir, { recursive: true, force: true });
    }
    // and where the folder is fine, both are sent
    const fine = await outboxMail().sendMany([
      { to: "e@example.com", subject: "Trzecia", text: "Treść", template: "test" },
      { to: "f@example.com", subject: "Czwarta", text: "Treść", template: "test" },
    ]);
    expect(fine.map((answer) => (answer instanceof Error ? answer.message : answer.status))).toEqual([
      "sent",
      "sent",
    ]);
  });
});
