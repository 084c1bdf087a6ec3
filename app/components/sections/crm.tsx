import type { load } from "~/services/sections/crm.server";

export default function CrmSection(_props: { data: Awaited<ReturnType<typeof load>> }) {
  return null;
}
