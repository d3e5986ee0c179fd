import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { kitForFile } from "../../test/kit-for-file";
import { expectDeclaredReply } from "../../test/reply-check";
import { startStaffApi } from "../../test/staff-api";

// The real replies of the gallery routes match what their declarations give (gallery.replies.ts):
// an upload with one image stored and one refused, the list, the delete.

const kit = kitForFile(startStaffApi);

describe("gallery replies", () => {
  it("upload, list and delete answer what they declare", async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#e8a0b0" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("folder", "odpowiedzi/kocyki");
    form.append("files", new Blob([new Uint8Array(image)], { type: "image/png" }), "wzor.png");
    form.append("files", new Blob(["to nie obraz"], { type: "image/png" }), "falszywy.png");
    const uploaded = await kit.call("moderator", "POST", "/api/gallery/upload", form);
    expect(uploaded.json().results.map((result: { ok: boolean }) => result.ok)).toEqual([true, false]);
    expectDeclaredReply(kit.app, "POST /api/gallery/upload", uploaded);

    const list = await kit.call("moderator", "GET", "/api/gallery");
    expect(list.json()).toMatchObject({ total: 1, folders: ["odpowiedzi", "odpowiedzi/kocyki"] });
    expectDeclaredReply(kit.app, "GET /api/gallery", list);
    const removed = await kit.call("moderator", "DELETE", "/api/gallery", {
      image: list.json().images[0]._id,
    });
    expectDeclaredReply(kit.app, "DELETE /api/gallery", removed);
  });
});
