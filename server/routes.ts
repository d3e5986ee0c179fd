import type { FastifyInstance } from "fastify";

// The REST API of SPEC §7, one plugin per area, mounted under /api.
export async function registerApiRoutes(_api: FastifyInstance): Promise<void> {}
