import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createMailService } from "./mail.service";

let database: TestDatabase;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mail-"));
const config = loadConfig({ DATA_DIR: dataDir });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("mail outbox", () => {
  it("stores the message and writes a readable .eml with Polish text", async () => {
    const mail = createMailService(database.db, config);
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

  it("delivers over SMTP when configured and records a failure without throwing", async () => {
    const delivered: string[] = [];
    const working = nodemailer.createTransport({
      name: "fake",
      version: "1",
      send: (mail, callback) => {
        delivered.push(String(mail.data.to));
        callback(null, { envelope: mail.message.getEnvelope(), messageId: "1" });
      },
    });
    const ok = await createMailService(database.db, config, working).send({
      to: "a@example.com",
      subject: "Test",
      text: "Treść",
      template: "test",
    });
    expect(ok.status).toBe("sent");
    expect(delivered).toEqual(["a@example.com"]);

    const broken = nodemailer.createTransport({
      name: "broken",
      version: "1",
      send: (_mail, callback) => callback(new Error("connection refused"), undefined as never),
    });
    const failed = await createMailService(database.db, config, broken).send({
      to: "b@example.com",
      subject: "Test",
      text: "Treść",
      template: "test",
    });
    expect(failed.status).toBe("failed");
    const [row] = await createMailService(database.db, config).list({ to: "b@example.com" });
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "connection refused" });
    expect(fs.existsSync(failed.emlPath)).toBe(true);
  });

  it("without SMTP, messages whose .eml cannot be written are stored as failed", async () => {
    // the outbox folder's place is taken by a file: no .eml can be written there
    const blockedDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mail-blocked-"));
    const blocked = loadConfig({ DATA_DIR: blockedDir });
    fs.mkdirSync(path.dirname(blocked.outboxDir), { recursive: true });
    fs.writeFileSync(blocked.outboxDir, "not a folder");
    try {
      const mail = createMailService(database.db, blocked);
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
    const fine = await createMailService(database.db, config).sendMany([
      { to: "e@example.com", subject: "Trzecia", text: "Treść", template: "test" },
      { to: "f@example.com", subject: "Czwarta", text: "Treść", template: "test" },
    ]);
    expect(fine.map((answer) => (answer instanceof Error ? answer.message : answer.status))).toEqual([
      "sent",
      "sent",
    ]);
  });
});
