// Light Worker entry for the vitest integration tests: the same Durable Object, no dependency on the Remix build.
export { DealAnalysis } from "./deal-analysis.ts";

export default {
  async fetch() {
    return new Response("breeze test entry");
  },
} satisfies ExportedHandler<Env>;
