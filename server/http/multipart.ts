import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";

// Multipart requests (gallery uploads, complaint photos): registered per route plugin, so the web
// app's own form parsing stays untouched, and read whole: the text fields by name and every file
// (one over the size limit arrives truncated and says so, for the service to refuse by name).

export interface MultipartLimits {
  /** the most bytes a file may hold */
  fileSize: number;
  files: number;
  fields: number;
  /** the most bytes a text field may hold */
  fieldSize: number;
}

export interface MultipartFile {
  /** the name the browser sent, e.g. "kocyk.jpg" */
  filename: string;
  data: Buffer;
  /** the reader stopped at the size limit */
  truncated: boolean;
}

/** Multipart bodies for the routes of `app` (an encapsulated route plugin), within these limits. */
export async function registerMultipart(app: FastifyInstance, limits: MultipartLimits): Promise<void> {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { ...limits, parts: limits.files + limits.fields },
  });
}

/** The text fields and the files of a multipart request; none of either for any other body. */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: MultipartFile[] }> {
  const fields: Record<string, string> = {};
  const files: MultipartFile[] = [];
  if (!request.isMultipart()) return { fields, files };
  for await (const part of request.parts()) {
    if (part.type === "file") {
      const data = await part.toBuffer();
      files.push({ filename: part.filename, data, truncated: part.file.truncated });
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, files };
}
