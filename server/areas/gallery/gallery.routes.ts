import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  galleryDeleteSchema,
  galleryListQuerySchema,
  MAX_FILES_PER_UPLOAD,
} from "../../../domain/validation/gallery";
import { apiRoute } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { readMultipart, registerMultipart } from "../../http/multipart";
import { neverCached } from "../../http/never-cached";
import { unwrap } from "../../lib/result";
import { galleryListReply, galleryRemovedReply, galleryUploadReply } from "./gallery.replies";
import type { UploadFile } from "./gallery.service";

// SPEC §7 gallery, staff only. Thin: parse, call one gallery service function, shape the reply.
//   GET /gallery?folder=&q=&page= → { images, total, page, pageSize, folders }
//   POST /gallery/upload (multipart: `folder` + files) → 201 { results: [{ name, ok, image | code }] }
//   DELETE /gallery { image: id } → { removed } (409 gallery/in-use with details.usedIn)

/** The folder field and every file of a multipart request (a file over the limit arrives truncated). */
async function readUpload(request: FastifyRequest): Promise<{ folder: unknown; files: UploadFile[] }> {
  const { fields, files } = await readMultipart(request);
  return { folder: fields.folder ?? "", files };
}

export async function galleryRoutes(app: FastifyInstance): Promise<void> {
  const { gallery, config } = app.services;

  await registerMultipart(app, {
    fileSize: config.media.maxUploadBytes,
    files: MAX_FILES_PER_UPLOAD,
    fields: 5,
    fieldSize: 1000,
  });

  neverCached(app);

  app.get(
    "/gallery",
    apiRoute({
      summary: "Gallery images (newest first; ?folder=, ?q= name, ?page=) and every folder, alphabetically",
      tag: "gallery",
      access: "moderator",
      querystring: galleryListQuerySchema,
      response: galleryListReply,
    }),
    async (request) => unwrap(await gallery.list(request.query)),
  );

  app.post(
    "/gallery/upload",
    apiRoute({
      summary:
        "Upload images (multipart: folder + up to 20 files): checked by content, re-encoded to WebP (1200/600/300 px); one result per file",
      tag: "gallery",
      access: "moderator",
      body: "multipart/form-data",
      response: galleryUploadReply,
      status: 201,
      errors: ["validation", "gallery/no-files", "gallery/storage-failed"],
    }),
    async (request, reply) => {
      const actor = signedInUser(request);
      const result = unwrap(await gallery.upload(actor, await readUpload(request)));
      reply.status(201);
      return result;
    },
  );

  app.delete(
    "/gallery",
    apiRoute({
      summary: "Delete an image (409 gallery/in-use with details.usedIn while anything uses it)",
      tag: "gallery",
      access: "moderator",
      body: galleryDeleteSchema,
      response: galleryRemovedReply,
      errors: ["not-found", "gallery/in-use"],
    }),
    async (request) => unwrap(await gallery.remove(signedInUser(request), request.body)),
  );
}
