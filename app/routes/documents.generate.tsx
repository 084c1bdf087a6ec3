import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { CONTRACT_KINDS } from "~/domain/contract-text";
import { requireUser } from "~/services/auth.server";
import { generateContract } from "~/services/documents.server";
import { toastCookie } from "~/services/toast.server";

const GenerateContractSchema = z.object({
  propertyId: z.string({ error: "Choose a property" }).trim().min(1, "Choose a property").max(64),
  kind: z.enum(Object.keys(CONTRACT_KINDS) as [keyof typeof CONTRACT_KINDS], { error: "Choose a contract type" }),
});

/** "Generate Contract": renders the chosen contract as a PDF (pdf-lib) and stores it as a draft document. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const parsed = GenerateContractSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const toast = toastCookie({ title: "Error", description: parsed.error.issues[0]?.message ?? "Failed to generate contract", variant: "error" });
    return redirect("/?section=documents&generate=1", { headers: { "Set-Cookie": toast } });
  }
  const outcome = await generateContract(context, session.user.id, parsed.data, context.now());
  if (!outcome.ok) {
    const toast = toastCookie({ title: "Error", description: outcome.message, variant: "error" });
    return redirect("/?section=documents&generate=1", { headers: { "Set-Cookie": toast } });
  }
  const toast = toastCookie({ title: "Contract Generated", description: `${CONTRACT_KINDS[parsed.data.kind]} saved as a draft.`, variant: "success" });
  return redirect(`/?section=documents&type=${parsed.data.kind}`, { headers: { "Set-Cookie": toast } });
}
