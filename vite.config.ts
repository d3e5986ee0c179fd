import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { bundleReport } from "./scripts/bundle-report-plugin";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), bundleReport()],
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
