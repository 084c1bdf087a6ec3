// Dev-only Worker hosting the DealAnalysis Durable Object for `remix vite:dev` (see wrangler.do.jsonc).
export { DealAnalysis } from "./deal-analysis.ts";

export default {
  async fetch() {
    return new Response("breeze-do");
  },
} satisfies ExportedHandler<Env>;
