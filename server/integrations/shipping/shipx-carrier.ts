import { z } from "zod";
import type { ShippingSender } from "../../config";
import {
  type Carrier,
  CarrierRefusedError,
  type CarrierShipment,
  type CarrierStatusTitle,
  CarrierUnavailableError,
  type ParcelSize,
  type ShipmentRequest,
} from "./carrier";

// InPost ShipX behind the Carrier contract (issue 29; INTEGRATIONS.md §3). Tested against the local
// simulator server/test/fake-shipx.ts over real sockets.
//
// Calls (all with `Authorization: Bearer <token>`):
// - create: POST /v1/organizations/{org}/shipments {receiver, sender?, parcels:[{template}], service,
//   custom_attributes:{target_point?, sending_method}, reference}. The sender goes along only when
//   config.shipping.sender is complete (SHIPPING_SENDER_PHONE and _EMAIL set: the seller has neither);
//   without it ShipX takes the organization's sender from Manager Paczek. A/B/C are the templates
//   small/medium/large; a locker shipment is `inpost_locker_standard` with the order's point as
//   target_point, a courier one `inpost_courier_standard` with the receiver's address. Creation is
//   asynchronous: the reply has no tracking number yet, `get` is polled (on the job queue) until it has.
//   The brief gives templates for both services; whether ShipX's courier service wants dimensions and
//   weight instead is unconfirmed ([U]): its 4xx would then reach staff as ShipX worded it.
// - get: GET /v1/shipments/{id} → status, tracking_number.
// - label: GET /v1/shipments/{id}/label?format=Pdf&type=A6|normal (A4 is ShipX's "normal"); the bytes
//   must start with %PDF, anything else is the carrier misbehaving (unavailable, retried).
// - cancel: DELETE /v1/shipments/{id}.
// - statuses: GET /v1/statuses?lang=pl_PL, the names with Polish titles, kept in memory for a day per
//   carrier instance (one request in flight at a time; a failure is not kept).
//
// Errors: 401/403 → CarrierRefusedError saying the token (or organization) is wrong; other 4xx (400 and
// 422 validation_failed with ShipX's `details` tree, 404, …) → CarrierRefusedError with the details as
// readable lines ("receiver.phone: invalid"); 429 (Retry-After kept), 5xx, timeouts, network errors and
// unreadable 2xx bodies → CarrierUnavailableError, which the job queue retries with back-off.
//
// Nothing here logs. Error messages carry ShipX's status, error code and the details' field paths and
// words, never the token, and never the request body (the receiver's e-mail and phone).

export interface ShipxSettings {
  /** https://sandbox-api-shipx-pl.easypack24.net or https://api-shipx-pl.easypack24.net (no trailing slash needed) */
  apiUrl: string;
  token: string;
  organizationId: string;
  /** the sender on the shipment; without it ShipX uses the organization's default sender */
  sender?: ShipxSender | null;
}

/** config.shipping.sender: sent only when complete (phone and e-mail too), else ShipX uses the organization's */
export type ShipxSender = ShippingSender;

export interface ShipxOptions {
  /** injectable for tests; defaults to the global fetch */
  fetch?: typeof fetch;
  /** per request, covering the connection and reading the reply; default 15 s */
  timeoutMs?: number;
  /** the clock of the statuses cache; default Date.now */
  now?: () => number;
}

export const SHIPX_DEFAULT_TIMEOUT_MS = 15_000;
export const SHIPX_STATUSES_TTL_MS = 24 * 60 * 60 * 1000;
/** the courier collects the parcels from the sender (both services) */
export const SHIPX_SENDING_METHOD = "dispatch_order";
export const SHIPX_TEMPLATES: Record<ParcelSize, "small" | "medium" | "large"> = {
  A: "small",
  B: "medium",
  C: "large",
};

/** Replies larger than this are not read to the end: JSON answers are small, labels a few hundred kB. */
const MAX_JSON_BYTES = 1024 * 1024;
const MAX_LABEL_BYTES = 10 * 1024 * 1024;
/** At most this many detail lines of at most this many characters reach staff. */
const MAX_DETAIL_LINES = 20;
const MAX_DETAIL_LENGTH = 200;

const shipmentSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1).max(64)]),
  status: z.string().min(1).max(64),
  tracking_number: z.string().min(1).max(64).nullish(),
});

const statusesSchema = z.object({
  items: z
    .array(z.object({ name: z.string().min(1).max(64), title: z.string().max(500).nullish() }))
    .max(500),
});

const errorBodySchema = z.object({
  status: z.number().optional(),
  error: z.string().max(200).optional(),
  message: z.string().max(1_000).optional(),
  description: z.string().max(1_000).optional(),
  details: z.unknown().optional(),
});

function clip(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH - 1)}…` : text;
}

/**
 * ShipX's `details` tree as lines: {"receiver":{"phone":["invalid"]}} → "receiver.phone: invalid";
 * array items of objects get their index ("parcels.0.template: invalid"); a plain string or list of
 * strings at the top is kept as it is.
 */
export function shipxDetailLines(details: unknown): string[] {
  const lines: string[] = [];
  function walk(value: unknown, path: string, depth: number): void {
    if (lines.length >= MAX_DETAIL_LINES || depth > 8) return;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      lines.push(clip(path ? `${path}: ${value}` : String(value)));
      return;
    }
    if (Array.isArray(value)) {
      const words = value.filter((item) => typeof item === "string" || typeof item === "number");
      if (words.length > 0) lines.push(clip(path ? `${path}: ${words.join(", ")}` : words.join(", ")));
      value.forEach((item, index) => {
        if (typeof item === "object" && item !== null)
          walk(item, path ? `${path}.${index}` : `${index}`, depth + 1);
      });
      return;
    }
    if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key, depth + 1);
    }
  }
  walk(details, "", 0);
  return lines;
}

/** Retry-After as milliseconds: seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function refusalOf(status: number, text: string): CarrierRefusedError {
  let body: z.infer<typeof errorBodySchema> | null = null;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) body = parsed.data;
  } catch {
    // not JSON: the status alone
  }
  if (status === 401 || status === 403) {
    return new CarrierRefusedError(
      `ShipX refused the token (${status}${body?.error ? ` ${body.error}` : ""}): check INPOST_SHIPX_TOKEN and INPOST_ORGANIZATION_ID`,
      status,
      [clip(body?.description ?? body?.message ?? body?.error ?? "token_invalid")],
    );
  }
  const details = shipxDetailLines(body?.details);
  const summary = body?.message ?? body?.description;
  if (details.length === 0 && summary) details.push(clip(summary));
  if (details.length === 0 && body?.error) details.push(clip(body.error));
  const code = body?.error ? ` ${body.error}` : "";
  // the details stay out of the message: staff see both (the shipments service joins them)
  return new CarrierRefusedError(`ShipX refused the request (${status}${code})`, status, details);
}

/** Reads at most `limit` bytes of a body; more is an error (the carrier misbehaving). */
async function readCapped(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw new CarrierUnavailableError(`ShipX replied with more than ${limit} bytes`, response.status, null);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new CarrierUnavailableError(`ShipX replied with more than ${limit} bytes`, response.status, null);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** "Anna Maria Nowak" → first_name "Anna Maria", last_name "Nowak"; one word is both. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const trimmed = name.trim().replace(/\s+/g, " ");
  const cut = trimmed.lastIndexOf(" ");
  if (cut <= 0) return { first_name: trimmed, last_name: trimmed };
  return { first_name: trimmed.slice(0, cut), last_name: trimmed.slice(cut + 1) };
}

/**
 * A Polish number as ShipX's examples write it, nine digits ("+48 501-502-503" → "501502503"); anything
 * else is sent as given, for ShipX to judge.
 */
export function shipxPhone(phone: string): string {
  const digits = phone.replace(/[\s().-]/g, "").replace(/^(\+48|0048)/, "");
  return /^\d{9}$/.test(digits) ? digits : phone;
}

/** The create body ShipX expects for a request (exported for the simulator's tests and the brief's reader). */
export function shipxCreateBody(
  request: ShipmentRequest,
  sender: ShipxSender | null,
): Record<string, unknown> {
  const receiver: Record<string, unknown> = {
    ...splitName(request.receiver.name),
    email: request.receiver.email,
    phone: shipxPhone(request.receiver.phone),
  };
  if (request.receiver.companyName) receiver.company_name = request.receiver.companyName;
  const customAttributes: Record<string, string> = { sending_method: SHIPX_SENDING_METHOD };
  if (request.delivery.kind === "locker") {
    customAttributes.target_point = request.delivery.targetPoint;
  } else {
    const address = request.delivery.address;
    receiver.address = {
      street: address.street,
      building_number: address.buildingNumber,
      city: address.city,
      post_code: address.postCode,
      country_code: address.countryCode,
    };
  }
  const body: Record<string, unknown> = {
    receiver,
    parcels: [{ template: SHIPX_TEMPLATES[request.parcelSize] }],
    service: request.delivery.kind === "locker" ? "inpost_locker_standard" : "inpost_courier_standard",
    custom_attributes: customAttributes,
    reference: request.reference,
  };
  if (
    sender?.email &&
    sender.phone &&
    sender.street &&
    sender.buildingNumber &&
    sender.city &&
    sender.postCode
  ) {
    body.sender = {
      company_name: sender.name,
      email: sender.email,
      phone: shipxPhone(sender.phone),
      address: {
        street: sender.street,
        building_number: sender.buildingNumber,
        city: sender.city,
        post_code: sender.postCode,
        country_code: "PL",
      },
    };
  }
  return body;
}

export function createShipxCarrier(settings: ShipxSettings, options: ShipxOptions = {}): Carrier {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? SHIPX_DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const apiUrl = settings.apiUrl.replace(/\/+$/, "");
  let statusesCache: { titles: CarrierStatusTitle[]; until: number } | null = null;
  let statusesInFlight: Promise<CarrierStatusTitle[]> | null = null;

  /** One authorized call; resolves with the 2xx body's bytes, throws a Carrier error otherwise. */
  async function call(request: {
    method: "GET" | "POST" | "DELETE";
    path: string;
    body?: unknown;
    accept: string;
    maxBytes: number;
  }): Promise<Uint8Array> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${settings.token}`,
      Accept: request.accept,
    };
    if (request.body !== undefined) headers["Content-Type"] = "application/json";
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      let response: Response;
      try {
        response = await doFetch(`${apiUrl}${request.path}`, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: controller.signal,
          redirect: "error",
        });
      } catch (error) {
        if (controller.signal.aborted) {
          throw new CarrierUnavailableError(`ShipX did not answer within ${timeoutMs} ms`, null, null);
        }
        const reason = error instanceof Error ? error.message : String(error);
        throw new CarrierUnavailableError(`ShipX could not be reached: ${reason}`, null, null);
      }
      const { status } = response;
      if (status === 429) {
        await response.body?.cancel();
        const wait = retryAfterMs(response.headers.get("retry-after"), now());
        throw new CarrierUnavailableError("ShipX asked to slow down (429)", 429, wait);
      }
      let bytes: Uint8Array;
      try {
        bytes = await readCapped(response, status >= 200 && status < 300 ? request.maxBytes : MAX_JSON_BYTES);
      } catch (error) {
        if (error instanceof CarrierUnavailableError) throw error;
        if (controller.signal.aborted) {
          throw new CarrierUnavailableError(`ShipX did not answer within ${timeoutMs} ms`, status, null);
        }
        throw new CarrierUnavailableError("ShipX's reply broke off", status, null);
      }
      if (status >= 200 && status < 300) return bytes;
      if (status >= 400 && status < 500) throw refusalOf(status, new TextDecoder().decode(bytes));
      throw new CarrierUnavailableError(`ShipX replied ${status}`, status, null);
    } finally {
      clearTimeout(timer);
    }
  }

  async function callJson(request: {
    method: "GET" | "POST";
    path: string;
    body?: unknown;
  }): Promise<unknown> {
    const bytes = await call({ ...request, accept: "application/json", maxBytes: MAX_JSON_BYTES });
    try {
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new CarrierUnavailableError("ShipX replied with a body that is not JSON", 200, null);
    }
  }

  function shipmentOf(reply: unknown): CarrierShipment {
    const parsed = shipmentSchema.safeParse(reply);
    if (!parsed.success)
      throw new CarrierUnavailableError("ShipX replied with an unexpected shipment", 200, null);
    return {
      id: String(parsed.data.id),
      status: parsed.data.status,
      trackingNumber: parsed.data.tracking_number ?? null,
    };
  }

  function shipmentPath(id: string): string {
    return `/v1/shipments/${encodeURIComponent(id)}`;
  }

  async function loadStatuses(): Promise<CarrierStatusTitle[]> {
    const reply = await callJson({ method: "GET", path: "/v1/statuses?lang=pl_PL" });
    const parsed = statusesSchema.safeParse(reply);
    if (!parsed.success)
      throw new CarrierUnavailableError("ShipX replied with unexpected statuses", 200, null);
    return parsed.data.items.map((item) => ({ name: item.name, title: item.title || item.name }));
  }

  return {
    kind: "inpost",

    async create(request) {
      const reply = await callJson({
        method: "POST",
        path: `/v1/organizations/${encodeURIComponent(settings.organizationId)}/shipments`,
        body: shipxCreateBody(request, settings.sender ?? null),
      });
      return shipmentOf(reply);
    },

    async get(id) {
      return shipmentOf(await callJson({ method: "GET", path: shipmentPath(id) }));
    },

    async label(id, format) {
      const type = format === "A6" ? "A6" : "normal";
      const bytes = await call({
        method: "GET",
        path: `${shipmentPath(id)}/label?format=Pdf&type=${type}`,
        accept: "application/pdf",
        maxBytes: MAX_LABEL_BYTES,
      });
      if (new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-") {
        throw new CarrierUnavailableError("ShipX replied with a label that is not a PDF", 200, null);
      }
      return bytes;
    },

    async cancel(id) {
      await call({
        method: "DELETE",
        path: shipmentPath(id),
        accept: "application/json",
        maxBytes: MAX_JSON_BYTES,
      });
    },

    async statuses() {
      if (statusesCache && statusesCache.until > now()) return statusesCache.titles;
      statusesInFlight ??= loadStatuses()
        .then((titles) => {
          statusesCache = { titles, until: now() + SHIPX_STATUSES_TTL_MS };
          return titles;
        })
        .finally(() => {
          statusesInFlight = null;
        });
      return statusesInFlight;
    },
  };
}
