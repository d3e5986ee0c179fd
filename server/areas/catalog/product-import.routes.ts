import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { readMultipart, registerMultipart } from "../../http/multipart";
import { neverCached } from "../../http/never-cached";
import { fail, unwrap } from "../../lib/result";
import { importAppliedReply, importPreviewReply } from "./product-import.replies";
import { IMPORT_MAX_BYTES, type ImportFile } from "./product-import.service";

// The product import (issue 30, docs/decisions/077): the preview (multipart: `file`, CSV or XLSX;
// writes nothing) and the apply (multipart: the same `file` and the preview's `fingerprint`; all or
// nothing). Shop moderators only; never cached.

const FILE_ERRORS = ["product-import/unreadable"] as const;

async function readImport(
  request: FastifyRequest,
): Promise<{ file: ImportFile | null; fingerprint: string }> {
  const { fields, files } = await readMultipart(request);
  return { file: files[0] ?? null, fingerprint: fields.fingerprint ?? "" };
}

export async function productImportRoutes(app: FastifyInstance): Promise<void> {
  const { productImport } = app.services;
  await registerMultipart(app, { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 200 });
  neverCached(app);

  app.post(
    "/staff/products/import/preview",
    apiRoute({
      ...STAFF,
      summary: "Preview a product import (multipart: file, CSV or XLSX): line by line, writes nothing",
      body: "multipart/form-data",
      response: importPreviewReply,
      errors: FILE_ERRORS,
    }),
    async (request) => {
      const { file } = await readImport(request);
      return unwrap(file ? await productImport.preview(file) : fail("product-import/unreadable"));
    },
  );

  app.post(
    "/staff/products/import/apply",
    apiRoute({
      ...STAFF,
      summary:
        "Apply a previewed product import (multipart: file, fingerprint): every product in one transaction, or none",
      body: "multipart/form-data",
      response: importAppliedReply,
      errors: [...FILE_ERRORS, "validation", "product-import/stale-preview", "product-import/has-errors"],
    }),
    async (request) => {
      const actor = signedInUser(request);
      const { file, fingerprint } = await readImport(request);
      return unwrap(
        file ? await productImport.apply(actor, file, fingerprint) : fail("product-import/unreadable"),
      );
    },
  );
}
