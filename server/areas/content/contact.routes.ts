import type { FastifyInstance } from "fastify";
import { contactSchema } from "../../../domain/validation/contact";
import { apiRoute, CONTENT } from "../../http/api-route";
import { FailureError } from "../../lib/result";
import { creatorCategoriesReply, creatorsReply, gamesReply, messageSentReply } from "./content.replies";
import { publicRead } from "./content.routes";

// POST /api/shops/message {email, message}; GET /api/games, /api/creators, /api/creators/categories
// (SPEC §7). Thin: parse the input with the shared schema, call one service function.

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const { contact, creators } = app.services;

  app.post(
    "/shops/message",
    apiRoute({
      ...CONTENT,
      summary: "Send a message to the shop",
      body: contactSchema,
      response: messageSentReply,
      errors: ["rate-limited"],
    }),
    async (request) => {
      const input = contactSchema.parse(request.body ?? {});
      const result = await contact.sendMessage(input, { ip: request.ip });
      if (!result.ok) throw new FailureError(result);
      return result.value;
    },
  );

  app.get(
    "/games",
    apiRoute({ ...CONTENT, summary: "Games", response: gamesReply }),
    publicRead(() => creators.listGames()),
  );

  app.get(
    "/creators",
    apiRoute({ ...CONTENT, summary: "Creators", response: creatorsReply }),
    publicRead(() => creators.listCreators()),
  );

  app.get(
    "/creators/categories",
    apiRoute({ ...CONTENT, summary: "Creator categories", response: creatorCategoriesReply }),
    publicRead(() => creators.listCreatorCategories()),
  );
}
