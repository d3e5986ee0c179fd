import { randomInt } from "node:crypto";
import { PageSizes, PDFDocument, StandardFonts } from "pdf-lib";
import { CARRIER_STATUS_FLOW } from "../../domain/shipment";
import { startLoopbackHttp } from "./loopback-http";

// A local InPost ShipX server for tests, built from the brief (INTEGRATIONS.md §3): a real HTTP server
// on 127.0.0.1 with a free port, so server/integrations/shipping/shipx-carrier.ts is tested over real
// sockets. What it does, and what is our guess where the brief says nothing:
// - `Authorization: Bearer <token>` on every call (401 token_invalid otherwise); another organization
//   in the create path: 403 access_forbidden.
// - POST /v1/organizations/{org}/shipments checks the body (400 validation_failed with ShipX's
//   `details` tree, e.g. {"receiver":{"phone":["invalid"]}}) and answers 201 with status `created` and
//   no tracking number: creation is asynchronous. The tracking number (24 digits) and status
//   `confirmed` appear on the shipment's `confirmAfterGets`-th GET /v1/shipments/{id} (2 by default:
//   the first poll still has none).
// - GET …/label?format=Pdf&type=A6|normal: a real one-page PDF (pdf-lib) of A6 or A4 size with the
//   tracking number and the reference; before the tracking number exists, 400 invalid_action (a guess).
// - DELETE /v1/shipments/{id}: 204 and status `canceled` until the parcel is handed over (our guess:
//   created, offers_prepared, offer_selected, confirmed), else 400 invalid_action.
// - GET /v1/statuses?lang=pl_PL|en_GB: every status name of the brief with a title (ours, plausible;
//   the real titles come from ShipX).
// - On command: the next N answers are 422 with validation details, 401, 429 with Retry-After, 500, or
//   no answer at all (a timeout); setDelay(ms) slows every answer.
// - It records every request; advance(id, status) moves a shipment; sendWebhook(url, body) POSTs a
//   webhook as ShipX would ({action, payload:{shipment_id, status, tracking_number}}, no signature).

/** ShipX's status names, in the order a parcel meets them (the brief's list, domain/shipment.ts). */
export const SHIPX_STATUS_NAMES = CARRIER_STATUS_FLOW;

export type ShipxStatusName = (typeof SHIPX_STATUS_NAMES)[number];

/** The simulator's Polish titles (plausible, not copied from ShipX). */
export const FAKE_SHIPX_TITLES_PL: Record<ShipxStatusName, string> = {
  created: "Przesyłka utworzona",
  offers_prepared: "Przygotowano oferty",
  offer_selected: "Oferta wybrana",
  confirmed: "Przygotowana przez nadawcę",
  dispatched_by_sender: "Paczka nadana w automacie Paczkomat",
  collected_from_sender: "Odebrana od klienta",
  taken_by_courier: "Odebrana od nadawcy",
  adopted_at_source_branch: "Przyjęta w oddziale InPost",
  sent_from_source_branch: "W trasie",
  adopted_at_sorting_center: "Przyjęta w sortowni",
  sent_from_sorting_center: "Wysłana z sortowni",
  adopted_at_target_branch: "Przyjęta w oddziale docelowym",
  out_for_delivery: "Wydana do doręczenia",
  ready_to_pickup: "Umieszczona w automacie Paczkomat (odbiorczym)",
  pickup_reminder_sent: "Przypomnienie o czekającej paczce",
  stack_in_box_machine: "Paczka magazynowana w tymczasowym automacie",
  avizo: "Powrót do oddziału",
  delivered: "Dostarczona",
  pickup_time_expired: "Upłynął termin odbioru",
  returned_to_sender: "Zwrot do nadawcy",
  canceled: "Anulowana",
  undelivered: "Nie doręczono",
};

const TITLES_EN: Record<ShipxStatusName, string> = {
  created: "Shipment created",
  offers_prepared: "Offers prepared",
  offer_selected: "Offer selected",
  confirmed: "Prepared by the sender",
  dispatched_by_sender: "Dispatched in a parcel locker",
  collected_from_sender: "Collected from the customer",
  taken_by_courier: "Collected from the sender",
  adopted_at_source_branch: "Accepted at an InPost branch",
  sent_from_source_branch: "On the way",
  adopted_at_sorting_center: "Accepted at the sorting centre",
  sent_from_sorting_center: "Sent from the sorting centre",
  adopted_at_target_branch: "Accepted at the target branch",
  out_for_delivery: "Out for delivery",
  ready_to_pickup: "Ready to pick up in the parcel locker",
  pickup_reminder_sent: "Pick-up reminder sent",
  stack_in_box_machine: "Stored in a temporary parcel locker",
  avizo: "Returned to the branch",
  delivered: "Delivered",
  pickup_time_expired: "Pick-up time expired",
  returned_to_sender: "Returned to the sender",
  canceled: "Canceled",
  undelivered: "Undelivered",
};

/** Statuses in which the parcel is not yet with InPost, so it may still be canceled (our guess). */
const CANCELABLE = new Set(["created", "offers_prepared", "offer_selected", "confirmed"]);
const BEFORE_CONFIRMATION = new Set(["created", "offers_prepared", "offer_selected"]);

export type FakeShipxFailure =
  | { status: 422; details?: unknown }
  | { status: 401 }
  | { status: 429; retryAfterSeconds?: number }
  | { status: 500 }
  | { status: "timeout" };

export interface FakeShipxShipment {
  id: string;
  status: string;
  trackingNumber: string | null;
  reference: string;
  service: string;
  template: string;
  targetPoint: string | null;
  /** the parsed create body */
  request: Record<string, unknown>;
  /** GET /v1/shipments/{id} answered so far */
  gets: number;
}

export interface RecordedShipxRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: string;
  /** the status answered; null while pending or never answered */
  status: number | null;
}

export interface FakeShipx {
  url: string;
  token: string;
  organizationId: string;
  requests: RecordedShipxRequest[];
  shipments: Map<string, FakeShipxShipment>;
  /** the settings that point the shop at this server (for testConfig) */
  env(): { INPOST_SHIPX_TOKEN: string; INPOST_ORGANIZATION_ID: string; INPOST_SHIPX_URL: string };
  /** the next `count` requests answer `failure` instead (in order, after any already queued) */
  failNext(count: number, failure: FakeShipxFailure): void;
  /** every answer waits this long (0: none) */
  setDelay(ms: number): void;
  /** moves a shipment to `status`; one past confirmation gets its tracking number if it had none */
  advance(id: string, status: string): FakeShipxShipment;
  /** a webhook body as ShipX sends it, for the shipment's current status */
  webhookBody(id: string, action?: string): ShipxWebhookBody;
  /** POSTs `body` as JSON to `url`, as ShipX's webhook would (no signature: the URL is the secret) */
  sendWebhook(url: string, body: unknown): Promise<{ status: number; body: string }>;
  /** clears recorded requests, queued failures and the delay (shipments stay) */
  reset(): void;
  close(): Promise<void>;
}

export interface ShipxWebhookBody {
  action: string;
  payload: { shipment_id: number; status: string; tracking_number: string | null };
}

interface Reply {
  status: number;
  body: string | Uint8Array;
  type: string;
  headers?: Record<string, string>;
}

function json(status: number, body: unknown): Reply {
  return { status, body: JSON.stringify(body), type: "application/json" };
}

function validationFailed(details: unknown, status = 400) {
  return json(status, {
    status,
    error: "validation_failed",
    message: "There are some validation errors. Check details object for more info.",
    details,
  });
}

function invalidAction(message: string) {
  return json(400, { status: 400, error: "invalid_action", message, details: {} });
}

function notFound() {
  return json(404, { status: 404, error: "resource_not_found", message: "Resource not found", details: {} });
}

function record(target: Record<string, unknown>, path: string[], problem: string): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path.at(-1) as string;
  node[last] = [...((node[last] as string[] | undefined) ?? []), problem];
}

function text(value: unknown, max: number): string | null {
  return typeof value === "string" && value.trim().length > 0 && value.length <= max ? value : null;
}

/** ShipX-like validation of a create body: the `details` tree, empty when it is fine. */
function createProblems(body: Record<string, unknown>): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  const service = body.service;
  if (service !== "inpost_locker_standard" && service !== "inpost_courier_standard") {
    record(details, ["service"], "invalid");
  }
  const receiver = (typeof body.receiver === "object" && body.receiver) || null;
  if (!receiver) record(details, ["receiver"], "required");
  else {
    const r = receiver as Record<string, unknown>;
    if (!text(r.company_name, 100) && (!text(r.first_name, 100) || !text(r.last_name, 100))) {
      record(details, ["receiver", "name"], "required");
    }
    if (typeof r.email !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(r.email) || r.email.length > 100) {
      record(details, ["receiver", "email"], r.email ? "invalid" : "required");
    }
    const phone =
      typeof r.phone === "string" ? r.phone.replace(/[\s-]/g, "").replace(/^(\+48|0048)/, "") : "";
    if (!/^\d{9}$/.test(phone)) record(details, ["receiver", "phone"], r.phone ? "invalid" : "required");
    if (service === "inpost_courier_standard") {
      const address = (typeof r.address === "object" && r.address) as Record<string, unknown> | false;
      if (!address) record(details, ["receiver", "address"], "required");
      else {
        for (const field of ["street", "building_number", "city"]) {
          if (!text(address[field], 100)) record(details, ["receiver", "address", field], "required");
        }
        if (typeof address.post_code !== "string" || !/^\d{2}-\d{3}$/.test(address.post_code)) {
          record(details, ["receiver", "address", "post_code"], "invalid");
        }
        if (address.country_code !== "PL")
          record(details, ["receiver", "address", "country_code"], "invalid");
      }
    }
  }
  const parcels = Array.isArray(body.parcels) ? body.parcels : null;
  if (parcels?.length !== 1) record(details, ["parcels"], "invalid");
  else {
    const template = (parcels[0] as Record<string, unknown> | null)?.template;
    if (template !== "small" && template !== "medium" && template !== "large") {
      record(details, ["parcels", "template"], "invalid");
    }
  }
  const attributes = (typeof body.custom_attributes === "object" && body.custom_attributes) || {};
  const a = attributes as Record<string, unknown>;
  if (a.sending_method !== "dispatch_order" && a.sending_method !== "parcel_locker") {
    record(details, ["custom_attributes", "sending_method"], "invalid");
  }
  if (service === "inpost_locker_standard") {
    if (typeof a.target_point !== "string" || !/^[A-Z0-9-]{3,16}$/.test(a.target_point)) {
      record(details, ["custom_attributes", "target_point"], a.target_point ? "invalid" : "required");
    }
  }
  if (body.reference !== undefined && !text(body.reference, 100)) record(details, ["reference"], "invalid");
  return details;
}

async function labelPdf(shipment: FakeShipxShipment, type: "A6" | "normal"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Etykieta ${shipment.trackingNumber}`);
  const [width, height] = type === "A6" ? PageSizes.A6 : PageSizes.A4;
  const page = pdf.addPage([width, height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [
    "InPost (fake ShipX)",
    `Nr przesylki: ${shipment.trackingNumber}`,
    `Ref: ${shipment.reference}`,
    shipment.targetPoint ? `Paczkomat: ${shipment.targetPoint}` : "Kurier",
  ];
  lines.forEach((line, index) => {
    page.drawText(line, { x: 20, y: height - 40 - index * 18, size: 12, font });
  });
  return pdf.save();
}

export async function startFakeShipx(
  options: { token?: string; organizationId?: string; confirmAfterGets?: number } = {},
): Promise<FakeShipx> {
  const token = options.token ?? "fake-shipx-token";
  const organizationId = options.organizationId ?? "1234";
  const confirmAfterGets = options.confirmAfterGets ?? 2;
  const requests: RecordedShipxRequest[] = [];
  const shipments = new Map<string, FakeShipxShipment>();
  const failures: FakeShipxFailure[] = [];
  let delayMs = 0;
  let nextId = 1000 + randomInt(1000);
  let trackingSequence = 0;

  function newTrackingNumber(): string {
    trackingSequence += 1;
    return `6${String(randomInt(1_000_000_000)).padStart(9, "0")}${String(trackingSequence).padStart(14, "0")}`;
  }

  function shipmentReply(shipment: FakeShipxShipment): unknown {
    return {
      href: `/v1/shipments/${shipment.id}`,
      id: Number(shipment.id),
      status: shipment.status,
      tracking_number: shipment.trackingNumber,
      service: shipment.service,
      reference: shipment.reference,
      parcels: [{ template: shipment.template }],
      custom_attributes: shipment.targetPoint ? { target_point: shipment.targetPoint } : {},
      created_at: new Date().toISOString(),
    };
  }

  function failureReply(failure: FakeShipxFailure): Reply {
    switch (failure.status) {
      case 422:
        return validationFailed(failure.details ?? { receiver: { phone: ["invalid"] } }, 422);
      case 401:
        return json(401, {
          status: 401,
          error: "token_invalid",
          description: "Token is missing or invalid.",
        });
      case 429:
        return {
          ...json(429, { status: 429, error: "too_many_requests", message: "Too many requests" }),
          headers: { "Retry-After": String(failure.retryAfterSeconds ?? 1) },
        };
      default:
        return json(500, { status: 500, error: "internal_error", message: "Internal server error" });
    }
  }

  async function handle(request: RecordedShipxRequest): Promise<Reply> {
    if (request.headers.authorization !== `Bearer ${token}`) {
      return json(401, { status: 401, error: "token_invalid", description: "Token is missing or invalid." });
    }
    const createMatch = /^\/v1\/organizations\/([^/]+)\/shipments$/.exec(request.path);
    if (createMatch && request.method === "POST") {
      if (decodeURIComponent(createMatch[1] ?? "") !== organizationId) {
        return json(403, {
          status: 403,
          error: "access_forbidden",
          description: "You are not authorized to access this resource.",
        });
      }
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(request.body);
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
          throw new Error("not an object");
        body = parsed as Record<string, unknown>;
      } catch {
        return json(400, {
          status: 400,
          error: "invalid_json",
          message: "Body is not valid JSON",
          details: {},
        });
      }
      const details = createProblems(body);
      if (Object.keys(details).length > 0) return validationFailed(details);
      nextId += 1;
      const attributes = body.custom_attributes as Record<string, unknown>;
      const shipment: FakeShipxShipment = {
        id: String(nextId),
        status: "created",
        trackingNumber: null,
        reference: typeof body.reference === "string" ? body.reference : "",
        service: body.service as string,
        template: ((body.parcels as Record<string, unknown>[])[0]?.template as string) ?? "small",
        targetPoint: typeof attributes.target_point === "string" ? attributes.target_point : null,
        request: body,
        gets: 0,
      };
      shipments.set(shipment.id, shipment);
      return json(201, shipmentReply(shipment));
    }
    if (request.method === "GET" && request.path === "/v1/statuses") {
      const titles = request.query.lang === "en_GB" ? TITLES_EN : FAKE_SHIPX_TITLES_PL;
      return json(200, {
        href: "/v1/statuses",
        items: SHIPX_STATUS_NAMES.map((name) => ({ name, title: titles[name], description: titles[name] })),
      });
    }
    const shipmentMatch = /^\/v1\/shipments\/([^/]+)(\/label)?$/.exec(request.path);
    const shipment = shipmentMatch ? shipments.get(decodeURIComponent(shipmentMatch[1] ?? "")) : undefined;
    if (!shipmentMatch) return notFound();
    if (!shipment) return notFound();
    if (shipmentMatch[2] && request.method === "GET") {
      const type = request.query.type;
      if (request.query.format !== "Pdf" || (type !== "A6" && type !== "normal")) {
        return validationFailed({ type: ["invalid"] });
      }
      if (!shipment.trackingNumber) return invalidAction("The shipment has no label yet");
      return { status: 200, body: await labelPdf(shipment, type), type: "application/pdf" };
    }
    if (request.method === "GET") {
      shipment.gets += 1;
      if (shipment.gets >= confirmAfterGets && BEFORE_CONFIRMATION.has(shipment.status)) {
        shipment.status = "confirmed";
        shipment.trackingNumber ??= newTrackingNumber();
      }
      return json(200, shipmentReply(shipment));
    }
    if (request.method === "DELETE") {
      if (!CANCELABLE.has(shipment.status)) return invalidAction("The shipment can no longer be canceled");
      shipment.status = "canceled";
      return { status: 204, body: "", type: "application/json" };
    }
    return notFound();
  }

  const http = await startLoopbackHttp(async (request, response) => {
    const recorded: RecordedShipxRequest = {
      method: request.method,
      path: request.url.pathname,
      query: Object.fromEntries(request.url.searchParams),
      headers: request.headers,
      body: request.body,
      status: null,
    };
    requests.push(recorded);
    await http.pause(delayMs);
    if (response.destroyed) return;
    const failure = failures.shift();
    // a timeout never answers: the socket stays open until the client gives up (or close())
    if (failure?.status === "timeout") return;
    const reply = failure ? failureReply(failure) : await handle(recorded);
    recorded.status = reply.status;
    response.writeHead(reply.status, { "Content-Type": reply.type, ...reply.headers });
    response.end(reply.body);
  });

  function existing(id: string): FakeShipxShipment {
    const shipment = shipments.get(id);
    if (!shipment) throw new Error(`fake ShipX: no shipment ${id}`);
    return shipment;
  }

  return {
    url: http.url,
    token,
    organizationId,
    requests,
    shipments,
    env() {
      return {
        INPOST_SHIPX_TOKEN: token,
        INPOST_ORGANIZATION_ID: organizationId,
        INPOST_SHIPX_URL: http.url,
      };
    },
    failNext(count, failure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    setDelay(ms) {
      delayMs = ms;
    },
    advance(id, status) {
      const shipment = existing(id);
      shipment.status = status;
      if (!BEFORE_CONFIRMATION.has(status) && status !== "canceled")
        shipment.trackingNumber ??= newTrackingNumber();
      return shipment;
    },
    webhookBody(id, action = "shipment_status_changed") {
      const shipment = existing(id);
      return {
        action,
        payload: {
          shipment_id: Number(shipment.id),
          status: shipment.status,
          tracking_number: shipment.trackingNumber,
        },
      };
    },
    async sendWebhook(url, body) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": "fake-shipx" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
      delayMs = 0;
    },
    close() {
      return http.close();
    },
  };
}
