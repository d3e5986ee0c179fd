import type { FastifyInstance } from "fastify";
import {
  invoiceDocumentParamsSchema,
  invoiceMonthParamsSchema,
  staffInvoicesQuerySchema,
} from "../../../domain/validation/ksef";
import { apiRoute, STAFF } from "../../http/api-route";
import { sendDownload } from "../../http/pdf-reply";
import { staffParamsWrite } from "../../http/staff-write";
import { FailureError } from "../../lib/result";
import { ksefSubmissionReply, staffInvoicesReply } from "./ksef.replies";

// The staff invoices (issue 28, docs/decisions/068): the list with each document's KSeF state,
// "wyślij ponownie" of a refused one (audited), the XML as sent and the UPO, and the accountant's
// monthly export (CSV, ZIP of the XML files). The PDFs are the existing routes (orders, after-sale).

export async function ksefRoutes(app: FastifyInstance): Promise<void> {
  const { ksef } = app.services;

  app.get(
    "/staff/invoices",
    apiRoute({
      ...STAFF,
      summary:
        "Invoices and correcting invoices with their KSeF state, newest first (?state=, ?month=, ?page=)",
      querystring: staffInvoicesQuerySchema,
      response: staffInvoicesReply,
    }),
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ksef.list(staffInvoicesQuerySchema.parse(request.query));
    },
  );

  app.post(
    "/staff/invoices/:kind/:id/resend",
    staffParamsWrite(
      {
        summary: "Send a document KSeF refused again (409 ksef/not-refused otherwise; audited)",
        params: invoiceDocumentParamsSchema,
        body: "none",
        response: ksefSubmissionReply,
        errors: ["not-found", "ksef/not-refused"],
      },
      (actor, { kind, id }) => ksef.resend(actor, kind, id),
    ),
  );

  for (const what of ["xml", "upo"] as const) {
    app.get(
      `/staff/invoices/:kind/:id/${what}`,
      apiRoute({
        ...STAFF,
        summary:
          what === "xml"
            ? "The FA(3) XML of a document exactly as sent to KSeF"
            : "The UPO (KSeF's official receipt) of a document KSeF accepted",
        params: invoiceDocumentParamsSchema,
        response: "application/xml",
        errors: ["not-found"],
      }),
      async (request, reply) => {
        const { kind, id } = invoiceDocumentParamsSchema.parse(request.params);
        const result = await ksef.file(kind, id, what);
        if (!result.ok) throw new FailureError(result);
        return sendDownload(reply, "application/xml", {
          fileName: result.value.fileName,
          bytes: result.value.text,
        });
      },
    );
  }

  const exports = [
    ["csv", "text/csv", "The month's invoices for the accountant as CSV (;, UTF-8 with BOM, amounts 123,45)"],
    ["zip", "application/zip", "The month's FA(3) XML files as sent to KSeF, in one ZIP"],
  ] as const;
  for (const [format, type, summary] of exports) {
    app.get(
      `/staff/invoices/export/:month/${format}`,
      apiRoute({ ...STAFF, summary, params: invoiceMonthParamsSchema, response: type }),
      async (request, reply) => {
        const { month } = invoiceMonthParamsSchema.parse(request.params);
        return sendDownload(
          reply,
          type,
          await (format === "csv" ? ksef.exportCsv(month) : ksef.exportZip(month)),
        );
      },
    );
  }
}
