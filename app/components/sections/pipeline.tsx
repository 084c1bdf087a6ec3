import type { load } from "~/services/sections/pipeline.server";

export default function PipelineSection(_props: { data: Awaited<ReturnType<typeof load>> }) {
  return null;
}
