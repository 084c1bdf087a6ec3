/** The client build's lazy chunks, by source path (workers/lazy-chunks.ts). */
declare module "virtual:lazy-chunks" {
  const chunks: Record<string, string[]>;
  export default chunks;
}
