import type { FastifyInstance } from "fastify";
import { parcelPointSearchSchema } from "../../../domain/validation/parcel-points";
import { apiRoute } from "../../http/api-route";
import { parcelPointsReply } from "./parcel-points.replies";

// GET /api/parcel-points?q=…&limit=… → { items: ParcelPoint[] } (the built-in locker picker).
// Thin: parse the query, call the service, shape the reply. The list changes only with a sync,
// so browsers and proxies may keep an answer for a few minutes.

export const PARCEL_POINTS_CACHE_CONTROL = "public, max-age=300";

export async function parcelPointsRoutes(app: FastifyInstance): Promise<void> {
  const { parcelPoints } = app.services;

  app.get(
    "/parcel-points",
    apiRoute({
      summary: "Search parcel lockers by city, postcode or point id",
      tag: "parcel-points",
      access: "public",
      querystring: parcelPointSearchSchema,
      response: parcelPointsReply,
    }),
    async (request, reply) => {
      const { q, limit } = parcelPointSearchSchema.parse(request.query);
      const items = await parcelPoints.search(q, limit);
      reply.header("cache-control", PARCEL_POINTS_CACHE_CONTROL);
      return { items };
    },
  );
}
