import { constants, createDecipheriv, privateDecrypt, randomBytes } from "node:crypto";
import { makeKsefNumber } from "../../../../domain/ksef-number";
import { sha256Base64 } from "../ksef-crypto";
import { schemaErrors } from "../xml-schema";
import { authorize } from "./auth";
import { invoiceFields } from "./invoice-fields";
import { simulatorKeys } from "./keys";
import { exception, json } from "./replies";
import {
  type ReceivedInvoice,
  referenceNumber,
  type SimulatorSession,
  type SimulatorState,
  type SimulatorStatus,
} from "./state";
import { invoiceUpo } from "./upo";

// Online sessions (reference/ksef/docs/sesja-interaktywna.md, sesja-sprawdzenie-stanu-i-pobranie-upo.md,
// weryfikacja-faktury.md): open with FA (3) and an RSA-encrypted AES key; each invoice decrypted and
// checked (hashes, sizes, the FA(3) schema, the seller, duplicates); statuses 150 then the outcome;
// the list of a session's invoices; the UPO of an accepted one; close.

const SESSION_TTL_MS = 12 * 3_600_000;
const VALIDATION = "Błąd walidacji danych wejściowych.";

const PROCESSING: SimulatorStatus = { code: 150, description: "Trwa przetwarzanie", details: [] };

function sessionFor(state: SimulatorState, reference: string, nip: string): SimulatorSession | Response {
  const session = state.sessions.get(reference);
  if (!session || session.nip !== nip) {
    return exception(21173, "Brak sesji o wskazanym numerze referencyjnym.", [
      `Sesja o numerze referencyjnym ${reference} nie została odnaleziona.`,
    ]);
  }
  return session;
}

export async function openSession(state: SimulatorState, request: Request): Promise<Response> {
  const auth = authorize(state, request);
  if (auth instanceof Response) return auth;
  const body = (await request.json().catch(() => null)) as {
    formCode?: { systemCode?: unknown; schemaVersion?: unknown; value?: unknown };
    encryption?: { encryptedSymmetricKey?: unknown; initializationVector?: unknown; publicKeyId?: unknown };
  } | null;
  const formCode = body?.formCode;
  if (formCode?.systemCode !== "FA (3)" || formCode.schemaVersion !== "1-0E" || formCode.value !== "FA") {
    return exception(21405, VALIDATION, ["formCode: the simulator takes FA (3), 1-0E, FA"]);
  }
  const encryption = body?.encryption;
  if (encryption?.publicKeyId != null && encryption.publicKeyId !== simulatorKeys().publicKeyId) {
    return exception(21470, "Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.", [
      `Klucz o identyfikatorze ${String(encryption.publicKeyId)} nie jest wspierany.`,
    ]);
  }
  let key: Buffer;
  let iv: Buffer;
  try {
    key = privateDecrypt(
      { key: simulatorKeys().privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(String(encryption?.encryptedSymmetricKey), "base64"),
    );
    iv = Buffer.from(String(encryption?.initializationVector), "base64");
  } catch {
    return exception(21405, VALIDATION, ["encryption.encryptedSymmetricKey cannot be decrypted"]);
  }
  if (key.length !== 32 || iv.length !== 16) {
    return exception(21405, VALIDATION, ["encryption: a 256-bit key and a 128-bit IV"]);
  }
  const now = state.options.now();
  const session: SimulatorSession = {
    reference: referenceNumber(now, "SO"),
    nip: auth.nip,
    key,
    iv,
    open: true,
    validUntil: new Date(now.getTime() + SESSION_TTL_MS),
    invoices: [],
  };
  state.sessions.set(session.reference, session);
  return json(201, { referenceNumber: session.reference, validUntil: session.validUntil.toISOString() });
}

function decrypt(session: SimulatorSession, encrypted: Buffer): Buffer | null {
  try {
    const decipher = createDecipheriv("aes-256-cbc", session.key, session.iv);
    return Buffer.concat([decipher.update(encrypted), decipher.final()]);
  } catch {
    return null;
  }
}

function duplicateKey(nip: string, type: string | null, number: string | null): string {
  return `${nip}|${type ?? ""}|${number ?? ""}`;
}

/** What KSeF decides about a decrypted document (after the first "processing" poll). */
async function judge(
  state: SimulatorState,
  session: SimulatorSession,
  xml: string,
  received: Date,
): Promise<{ outcome: SimulatorStatus; ksefNumber: string | null; key: string | null }> {
  const refusal = state.refusals.shift();
  if (refusal) {
    return { outcome: { details: [], ...refusal }, ksefNumber: null, key: null };
  }
  if (xml.charCodeAt(0) === 0xfeff) {
    return {
      outcome: {
        code: 450,
        description: "Błąd weryfikacji semantyki dokumentu faktury",
        details: ["UTF-8 z BOM"],
      },
      ksefNumber: null,
      key: null,
    };
  }
  const errors = await schemaErrors("fa3", xml);
  if (errors.length > 0) {
    return {
      outcome: {
        code: 450,
        description: "Błąd weryfikacji semantyki dokumentu faktury",
        details: errors.slice(0, 20),
      },
      ksefNumber: null,
      key: null,
    };
  }
  const fields = invoiceFields(xml);
  if (fields.sellerNip !== session.nip) {
    return {
      outcome: {
        code: 410,
        description: "Nieprawidłowy zakres uprawnień",
        details: [`Podmiot1 NIP ${fields.sellerNip ?? "?"} nie jest kontekstem sesji.`],
      },
      ksefNumber: null,
      key: null,
    };
  }
  const key = duplicateKey(session.nip, fields.invoiceType, fields.invoiceNumber);
  const original = state.acceptedKeys.get(key);
  if (original) {
    return {
      outcome: {
        code: 440,
        description: "Duplikat faktury",
        details: [`Faktura ${fields.invoiceNumber} została już przyjęta: ${original.ksefNumber}.`],
        extensions: {
          originalSessionReferenceNumber: original.sessionReference,
          originalKsefNumber: original.ksefNumber ?? "",
        },
      },
      ksefNumber: null,
      key: null,
    };
  }
  state.ksefNumberCounter += 1;
  const technical = `${state.ksefNumberCounter.toString(16).padStart(4, "0").slice(-4)}${randomBytes(4).toString("hex")}`;
  const ksefNumber = makeKsefNumber({
    nip: session.nip,
    date: received.toISOString().slice(0, 10),
    technical: technical.toUpperCase(),
  });
  return { outcome: { code: 200, description: "Sukces", details: [] }, ksefNumber, key };
}

export async function sendInvoice(
  state: SimulatorState,
  request: Request,
  reference: string,
): Promise<Response> {
  const auth = authorize(state, request);
  if (auth instanceof Response) return auth;
  const session = sessionFor(state, reference, auth.nip);
  if (session instanceof Response) return session;
  if (!session.open || session.validUntil <= state.options.now()) {
    return exception(21180, "Status sesji nie pozwala na wykonanie operacji.", [
      "Status sesji 170 uniemożliwia wysyłkę faktur.",
    ]);
  }
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  const content = typeof body?.encryptedInvoiceContent === "string" ? body.encryptedInvoiceContent : null;
  if (
    !body ||
    content === null ||
    typeof body.invoiceHash !== "string" ||
    typeof body.encryptedInvoiceHash !== "string"
  ) {
    return exception(21405, VALIDATION, [
      "invoiceHash, invoiceSize, encryptedInvoiceHash, encryptedInvoiceSize, encryptedInvoiceContent",
    ]);
  }
  const encrypted = Buffer.from(content, "base64");
  if (encrypted.length !== body.encryptedInvoiceSize) {
    return exception(21402, "Nieprawidłowy rozmiar pliku.", [
      "Długość treści nie zgadza się z rozmiarem pliku.",
    ]);
  }
  if (sha256Base64(encrypted) !== body.encryptedInvoiceHash) {
    return exception(21403, "Nieprawidłowy skrót pliku.", ["Skrót treści nie zgadza się ze skrótem pliku."]);
  }
  const received = state.options.now();
  const invoiceReference = referenceNumber(received, "EE");
  const plain = decrypt(session, encrypted);
  let xml = "";
  let verdict: Awaited<ReturnType<typeof judge>>;
  if (!plain) {
    verdict = {
      outcome: { code: 435, description: "Błąd odszyfrowania pliku", details: [] },
      ksefNumber: null,
      key: null,
    };
  } else if (plain.length !== body.invoiceSize || sha256Base64(plain) !== body.invoiceHash) {
    xml = plain.toString("utf8");
    verdict = {
      outcome: {
        code: 430,
        description: "Błąd weryfikacji pliku faktury",
        details: ["Skrót lub rozmiar faktury się nie zgadza."],
      },
      ksefNumber: null,
      key: null,
    };
  } else {
    xml = plain.toString("utf8");
    verdict = await judge(state, session, xml, received);
  }
  const fields = invoiceFields(xml);
  const invoice: ReceivedInvoice = {
    sessionReference: session.reference,
    invoiceReference,
    ordinalNumber: session.invoices.length + 1,
    xml,
    invoiceHash: body.invoiceHash,
    invoiceNumber: fields.invoiceNumber,
    issueDate: fields.issueDate,
    receivedAt: received,
    outcome: verdict.outcome,
    ksefNumber: verdict.ksefNumber,
    polls: 0,
  };
  session.invoices.push(invoice);
  if (verdict.key) state.acceptedKeys.set(verdict.key, invoice);
  return json(202, { referenceNumber: invoiceReference });
}

function invoiceView(invoice: ReceivedInvoice, processing: boolean) {
  const accepted = !processing && invoice.outcome.code === 200;
  const status = processing ? PROCESSING : invoice.outcome;
  return {
    ordinalNumber: invoice.ordinalNumber,
    invoiceNumber: accepted ? invoice.invoiceNumber : null,
    ksefNumber: accepted ? invoice.ksefNumber : null,
    referenceNumber: invoice.invoiceReference,
    invoiceHash: invoice.invoiceHash,
    acquisitionDate: accepted ? invoice.receivedAt.toISOString() : null,
    invoicingDate: invoice.receivedAt.toISOString(),
    invoicingMode: "Online",
    status: {
      code: status.code,
      description: status.description,
      details: status.details.length > 0 ? status.details : null,
      extensions: status.extensions ?? null,
    },
  };
}

function findInvoice(
  state: SimulatorState,
  request: Request,
  reference: string,
  invoiceReference: string,
): { session: SimulatorSession; invoice: ReceivedInvoice } | Response {
  const auth = authorize(state, request);
  if (auth instanceof Response) return auth;
  const session = sessionFor(state, reference, auth.nip);
  if (session instanceof Response) return session;
  const invoice = session.invoices.find((each) => each.invoiceReference === invoiceReference);
  if (!invoice) {
    return exception(21164, "Faktura o podanym identyfikatorze nie istnieje.", [
      `Faktura ${invoiceReference} nie istnieje w sesji ${reference}.`,
    ]);
  }
  return { session, invoice };
}

/** A handler of one invoice of a session, given the session and the invoice once both are found. */
function forInvoice(handle: (found: { session: SimulatorSession; invoice: ReceivedInvoice }) => Response) {
  return (state: SimulatorState, request: Request, reference: string, invoiceReference: string): Response => {
    const found = findInvoice(state, request, reference, invoiceReference);
    return found instanceof Response ? found : handle(found);
  };
}

export const invoiceStatus = forInvoice(({ invoice }) => {
  invoice.polls += 1;
  return json(200, invoiceView(invoice, invoice.polls === 1));
});

export function sessionInvoices(state: SimulatorState, request: Request, reference: string): Response {
  const auth = authorize(state, request);
  if (auth instanceof Response) return auth;
  const session = sessionFor(state, reference, auth.nip);
  if (session instanceof Response) return session;
  const url = new URL(request.url);
  const pageSize = Number(url.searchParams.get("pageSize") ?? "10");
  if (!Number.isInteger(pageSize) || pageSize < 10 || pageSize > 1000) {
    return exception(21405, VALIDATION, ["pageSize: 10..1000"]);
  }
  const continuation = request.headers.get("x-continuation-token");
  const start = continuation ? Number(continuation) : 0;
  if (!Number.isInteger(start) || start < 0) {
    return exception(21418, "Przekazany token kontynuacji ma nieprawidłowy format.");
  }
  const page = session.invoices.slice(start, start + pageSize);
  const next = start + pageSize < session.invoices.length ? String(start + pageSize) : null;
  return json(200, {
    continuationToken: next,
    invoices: page.map((invoice) => invoiceView(invoice, invoice.polls === 0)),
  });
}

export const upo = forInvoice(({ session, invoice }) => {
  if (invoice.outcome.code !== 200 || invoice.polls === 0) {
    return exception(21178, "Nie znaleziono UPO dla podanych kryteriów.");
  }
  const xml = invoiceUpo(session, invoice);
  return new Response(xml, {
    status: 200,
    headers: { "content-type": "application/xml", "x-ms-meta-hash": sha256Base64(Buffer.from(xml, "utf8")) },
  });
});

export function closeSession(state: SimulatorState, request: Request, reference: string): Response {
  const auth = authorize(state, request);
  if (auth instanceof Response) return auth;
  const session = sessionFor(state, reference, auth.nip);
  if (session instanceof Response) return session;
  if (!session.open) {
    return exception(21180, "Status sesji nie pozwala na wykonanie operacji.", ["Sesja jest już zamknięta."]);
  }
  session.open = false;
  return new Response(null, { status: 204 });
}
