import Fastify from "fastify";

// The benchmark's ceiling: the same framework with nothing behind the route. Started by
// scripts/bench/processes.ts on PORT; no logger (the shop logs, but a ceiling is what is possible).

const app = Fastify();
app.get("/", async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.once("SIGTERM", () => {
  app.close().then(() => process.exit(0));
});
