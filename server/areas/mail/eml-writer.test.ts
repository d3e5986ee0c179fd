import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareOutbox, writeEmlFiles } from "./eml-writer";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "eml-writer-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the .eml writer (one worker thread, several files a call)", () => {
  it("writes text and bytes, making the missing folder, and answers null per file", async () => {
    const folder = path.join(root, "outbox");
    const files = [
      { path: path.join(folder, "000001-a.eml"), data: "Subject: Zamówienie\n\nDziękujemy\n" },
      { path: path.join(folder, "000002-b.eml"), data: Buffer.from("Subject: b\n\nż\n") },
    ];
    expect(await writeEmlFiles(files)).toEqual([null, null]);
    expect(fs.readFileSync(files[0]?.path ?? "", "utf8")).toBe("Subject: Zamówienie\n\nDziękujemy\n");
    expect(fs.readFileSync(files[1]?.path ?? "", "utf8")).toBe("Subject: b\n\nż\n");
  });

  it("makes the files and the folder it makes readable by the owner only (they hold reset links)", async () => {
    const folder = path.join(root, "private", "outbox");
    const file = path.join(folder, "000003-password-reset.eml");
    expect(await writeEmlFiles([{ path: file, data: "Subject: Ustaw nowe hasło\n\nlink\n" }])).toEqual([
      null,
    ]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
  });

  it("prepareOutbox closes an existing world-readable outbox to its owner", () => {
    const folder = path.join(root, "old-outbox");
    fs.mkdirSync(folder, { mode: 0o755 });
    fs.chmodSync(folder, 0o755);
    prepareOutbox(folder);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    prepareOutbox(path.join(root, "new-outbox"));
    expect(fs.statSync(path.join(root, "new-outbox")).mode & 0o777).toBe(0o700);
  });

  it("answers the error of a file it cannot write, and still writes the others", async () => {
    const folder = path.join(root, "mixed");
    fs.mkdirSync(path.join(folder, "taken.eml"), { recursive: true }); // a folder where the file should go
    const answers = await writeEmlFiles([
      { path: path.join(folder, "taken.eml"), data: "x" },
      { path: path.join(folder, "fine.eml"), data: "y" },
    ]);
    expect(answers[0]).toBeInstanceOf(Error);
    expect((answers[0] as NodeJS.ErrnoException).code).toBe("EISDIR");
    expect(answers[1]).toBeNull();
    expect(fs.readFileSync(path.join(folder, "fine.eml"), "utf8")).toBe("y");
  });

  it("answers calls made at once each with their own files", async () => {
    const folder = path.join(root, "many");
    const calls = Array.from({ length: 20 }, (_, call) =>
      writeEmlFiles(
        Array.from({ length: 5 }, (_, i) => ({
          path: path.join(folder, `${call}-${i}.eml`),
          data: `${call}/${i}`,
        })),
      ),
    );
    const answers = await Promise.all(calls);
    expect(answers.flat().every((answer) => answer === null)).toBe(true);
    expect(fs.readFileSync(path.join(folder, "13-4.eml"), "utf8")).toBe("13/4");
    expect(fs.readdirSync(folder)).toHaveLength(100);
  });

  it("refuses data it cannot hand to the worker, and writes the next call's files", async () => {
    const folder = path.join(root, "refused");
    const data = { toString: () => "x" } as unknown as string; // a function inside: cannot be copied
    await expect(writeEmlFiles([{ path: path.join(folder, "a.eml"), data }])).rejects.toThrow();
    expect(await writeEmlFiles([{ path: path.join(folder, "b.eml"), data: "b" }])).toEqual([null]);
  });

  it("keeps a process alive until its writes are done, and not after", () => {
    const file = path.join(root, "exit", "last.eml");
    const script = `import { writeEmlFiles } from ${JSON.stringify(path.join(import.meta.dirname, "eml-writer.ts"))};
      // a refused call first: it must not leave the process held open
      await writeEmlFiles([{ path: "x", data: { toString: () => "x" } }]).catch(() => {});
      writeEmlFiles([{ path: ${JSON.stringify(file)}, data: "ostatni" }])
        .then((answers) => console.log(JSON.stringify(answers)));`;
    const started = Date.now();
    const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe("[null]");
    expect(fs.readFileSync(file, "utf8")).toBe("ostatni");
    // it ended by itself once written (the idle worker does not hold it)
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
