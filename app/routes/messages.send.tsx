import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireUser } from "~/services/auth.server";
import { addMessage, createConversation, MessageInputSchema } from "~/services/conversations.server";
import { toastCookie } from "~/services/toast.server";

const Back = (conversationId?: string) => `/?section=messages${conversationId ? `&c=${encodeURIComponent(conversationId)}` : ""}`;

const SendSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), conversationId: z.string().min(1).max(64), content: MessageInputSchema.shape.content }),
  z.object({
    intent: z.literal("new"),
    contactId: z.string({ error: "Choose a contact" }).min(1, "Choose a contact").max(64),
    content: z.string().trim().max(5000).optional(),
  }),
]);

function failure(location: string, description: string) {
  return redirect(location, { headers: { "Set-Cookie": toastCookie({ title: "Error", description, variant: "error" }) } });
}

/**
 * Sends a message in a conversation (intent=send), or starts a conversation with one of the user's contacts
 * (intent=new, "New Message"). Post/redirect/get back to the conversation, with or without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const userId = session.user.id;
  const form = Object.fromEntries(await request.formData());
  const parsed = SendSchema.safeParse({ intent: "send", ...form });
  const conversationId = typeof form.conversationId === "string" ? form.conversationId : undefined;
  if (!parsed.success) return failure(form.intent === "new" ? `${Back()}&new=1` : Back(conversationId), parsed.error.issues[0]?.message ?? "Failed to send message");
  const input = parsed.data;
  const now = context.now();
  if (input.intent === "new") {
    const created = await createConversation(context.db, userId, { contactId: input.contactId }, now);
    if (!created.ok) return failure(`${Back()}&new=1`, created.message);
    if (input.content) await addMessage(context.db, userId, created.id, { content: input.content, role: "user", isAiGenerated: false }, now);
    return redirect(Back(created.id));
  }
  const isAiGenerated = form.isAiGenerated === "true";
  const message = await addMessage(context.db, userId, input.conversationId, { content: input.content, role: "user", isAiGenerated }, now);
  if (!message) return failure(Back(), "Conversation not found");
  return redirect(Back(input.conversationId));
}
