import type { load } from "~/services/sections/messages.server";

export default function MessagesSection(_props: { data: Awaited<ReturnType<typeof load>> }) {
  return null;
}
