import type { FastifyInstance, FastifyRequest, RouteShorthandOptionsWithHandler } from "fastify";
import type { z } from "zod";
import type { PublicUser } from "../../domain/types";
import { type Result, unwrap } from "../lib/result";
import { type ApiRouteSpec, apiRoute, STAFF } from "./api-route";
import { signedInUser } from "./auth";

// A staff change declared once (docs/decisions/060): the route's declaration (STAFF unless it names
// its own tag) and its thin handler — the signed-in actor, the body as sent (the service parses it
// with the schema declared here, or the call does), one service call, its value with the declared
// status. `staffRecordWrite` adds the record named by the URL's :id.
//
//   app.put("/pages/:id", staffRecordWrite({ summary, params: idParamsSchema, body: pageSchema,
//     response: pageReply }, (actor, id, body) => pageAdmin.update(actor, id, body)));

type StaffWriteSpec = Omit<ApiRouteSpec, "tag" | "access"> & Partial<Pick<ApiRouteSpec, "tag">>;

function staffChange(
  spec: StaffWriteSpec,
  change: (request: FastifyRequest) => Promise<Result<unknown>>,
): RouteShorthandOptionsWithHandler {
  return {
    ...apiRoute({ ...STAFF, ...spec }),
    handler: async (request, reply) => reply.status(spec.status ?? 200).send(unwrap(await change(request))),
  };
}

/** A staff change of a collection (add, reorder): `change(actor, body)`. */
export function staffWrite(
  spec: StaffWriteSpec,
  change: (actor: PublicUser, body: unknown) => Promise<Result<unknown>>,
): RouteShorthandOptionsWithHandler {
  return staffChange(spec, (request) => change(signedInUser(request), request.body));
}

/** A staff change of the one record the URL's :id names (`params`: its schema): `change(actor, id, body)`. */
export function staffRecordWrite(
  spec: StaffWriteSpec & { params: z.ZodType<{ id: number }> },
  change: (actor: PublicUser, id: number, body: unknown) => Promise<Result<unknown>>,
): RouteShorthandOptionsWithHandler {
  return staffChange(spec, (request) => {
    const { id } = spec.params.parse(request.params);
    return change(signedInUser(request), id, request.body);
  });
}

/** A staff change of the record the URL names by more than an :id (`params`: its schema): `change(actor, params, body)`. */
export function staffParamsWrite<P>(
  spec: StaffWriteSpec & { params: z.ZodType<P> },
  change: (actor: PublicUser, params: P, body: unknown) => Promise<Result<unknown>>,
): RouteShorthandOptionsWithHandler {
  return staffChange(spec, (request) =>
    change(signedInUser(request), spec.params.parse(request.params), request.body),
  );
}

/**
 * Steps staff take on one kind of record, declared alike (the same :id, reply and failures): each step
 * gives its summary, its body and its service call.
 */
export function staffRecordSteps(common: Omit<Parameters<typeof staffRecordWrite>[0], "summary" | "body">) {
  return (
    summary: string,
    body: ApiRouteSpec["body"],
    step: (actor: PublicUser, id: number, body: unknown) => Promise<Result<unknown>>,
  ) => staffRecordWrite({ ...common, summary, body }, step);
}

type RecordChange = (actor: PublicUser, id: number, body: unknown) => Promise<Result<unknown>>;
type ErrorCodes = ApiRouteSpec["errors"];

/**
 * The three staff writes of a kind of record, declared alike: add (`POST path`, 201), update and
 * delete (`PUT`/`DELETE path/:id`, with the record's failures and their own after them); each names
 * its summary and its service call.
 */
export function staffRecordRoutes(
  app: FastifyInstance,
  path: string,
  record: Omit<Parameters<typeof staffRecordWrite>[0], "summary" | "response"> & {
    response: z.ZodType;
    removed: z.ZodType;
  },
  writes: {
    add: [string, (actor: PublicUser, body: unknown) => Promise<Result<unknown>>];
    update: [string, RecordChange, ErrorCodes?];
    remove: [string, (actor: PublicUser, id: number) => Promise<Result<unknown>>, ErrorCodes?];
  },
): void {
  const { params, body, response, removed } = record;
  const errorsOf = (own: ErrorCodes) => [...(record.errors ?? []), ...(own ?? [])];
  app.post(path, staffWrite({ summary: writes.add[0], body, response, status: 201 }, writes.add[1]));
  const [updateSummary, update, updateErrors] = writes.update;
  const errors = errorsOf(updateErrors);
  app.put(
    `${path}/:id`,
    staffRecordWrite({ summary: updateSummary, params, errors, body, response }, update),
  );
  const [removeSummary, remove, removeErrors] = writes.remove;
  const removeSpec = { summary: removeSummary, params, errors: errorsOf(removeErrors), response: removed };
  app.delete(`${path}/:id`, staffRecordWrite(removeSpec, remove));
}
