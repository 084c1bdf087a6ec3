import type { load } from "~/services/sections/dashboard.server";

export default function DashboardSection(_props: { data: Awaited<ReturnType<typeof load>> }) {
  return null;
}
