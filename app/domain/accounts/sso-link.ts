/**
 * The /auth/link form: after single sign-on finds an account with the same email that Breeze never verified, the
 * person proves that account's password before the sign-in is linked to it. Shared by the page and its action.
 */
import { z } from "zod";

export const LinkAccountSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password must be at most 200 characters"),
});
