import type { load } from "~/services/sections/documents.server";

export default function DocumentsSection(_props: { data: Awaited<ReturnType<typeof load>> }) {
  return null;
}
