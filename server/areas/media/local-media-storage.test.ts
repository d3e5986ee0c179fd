import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalMediaStorage } from "./local-media-storage";
import { MediaStorageError, readMedia } from "./media-storage";

// The media on the disk (MEDIA_STORAGE=local): the same contract as the bucket's, today's paths.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "local-media-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const storage = createLocalMediaStorage(root);

describe("local media storage", () => {
  it("puts, reads, ranges, lists and deletes at today's paths, leaving no temporary file", async () => {
    await storage.put("gallery/Łąka/x-0a1b2c3d.webp", Buffer.from("0123456789"), "image/webp");
    expect(fs.readFileSync(path.join(root, "gallery", "Łąka", "x-0a1b2c3d.webp"), "utf8")).toBe("0123456789");
    expect(fs.readdirSync(path.join(root, "gallery", "Łąka"))).toEqual(["x-0a1b2c3d.webp"]);
    expect((await readMedia(storage, "gallery/Łąka/x-0a1b2c3d.webp"))?.toString()).toBe("0123456789");

    const head = await storage.head("gallery/Łąka/x-0a1b2c3d.webp");
    expect(head).toMatchObject({ contentType: "image/webp", length: 10 });
    const same = await storage.get("gallery/Łąka/x-0a1b2c3d.webp", { ifNoneMatch: head?.etag ?? "" });
    expect(same.kind).toBe("not-modified");
    const part = await storage.get("gallery/Łąka/x-0a1b2c3d.webp", { range: "bytes=2-4" });
    if (part.kind !== "object") throw new Error(part.kind);
    expect(part).toMatchObject({ length: 3, range: { first: 2, last: 4 } });
    const chunks: Buffer[] = [];
    for await (const chunk of part.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("234");
    expect((await storage.get("gallery/Łąka/x-0a1b2c3d.webp", { range: "bytes=10-" })).kind).toBe(
      "unsatisfiable-range",
    );

    fs.writeFileSync(path.join(root, "gallery", ".y.webp.tmp-12345678"), "half");
    const listed: string[] = [];
    for await (const entry of storage.list("gallery/")) listed.push(entry.key);
    expect(listed).toEqual(["gallery/Łąka/x-0a1b2c3d.webp"]);

    await storage.delete(["gallery/Łąka/x-0a1b2c3d.webp", "gallery/nie-ma.webp"]);
    expect(await storage.head("gallery/Łąka/x-0a1b2c3d.webp")).toBeNull();
    expect((await storage.get("gallery/Łąka/x-0a1b2c3d.webp")).kind).toBe("missing");
  });

  it("refuses keys outside the grammar and a write the disk refuses, as storage errors", async () => {
    await expect(storage.put("../x.webp", Buffer.from("x"), "image/webp")).rejects.toBeInstanceOf(
      MediaStorageError,
    );
    fs.writeFileSync(path.join(root, "plik"), "");
    await expect(storage.put("plik/x.webp", Buffer.from("x"), "image/webp")).rejects.toBeInstanceOf(
      MediaStorageError,
    );
  });
});
