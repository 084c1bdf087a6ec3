import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getCurrentUser, requireApiUser } from "~/services/auth.server";
import { apiJson, methodNotAllowed } from "~/services/api.server";

/** GET /api/auth/me: { user: { fullName, email, mobileE164 }, company: { … } | null } (spec 01 §7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireApiUser(request, context);
  const current = await getCurrentUser(context, session.user);
  const { company } = current;
  return apiJson({
    user: { fullName: current.fullName, email: current.email, mobileE164: current.mobileE164 },
    company: company && {
      companyName: company.companyName,
      title: company.title,
      offerContactEmail: company.offerContactEmail,
      offerContactPhoneE164: company.offerContactPhoneE164,
      addressStreet1: company.addressStreet1,
      addressStreet2: company.addressStreet2,
      addressCity: company.addressCity,
      addressState: company.addressState,
      addressPostalCode: company.addressPostalCode,
      addressCountry: company.addressCountry,
      logoUrl: company.logoUrl,
    },
  });
}

export const action = () => methodNotAllowed(["GET"]);
