import type { load } from "~/services/sections/buyer-breeze.server";

export default function BuyerBreezeSection(_props: { data: Awaited<ReturnType<typeof load>> }) {
  return null;
}
