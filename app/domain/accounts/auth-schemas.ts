/**
 * Every account form's schema, with the spec's messages word for word. The same schema validates in the
 * browser (conform) and on the server (form actions and the /api routes). Empty fields arrive as undefined.
 */
import { z } from "zod";

import { MAIL_ADDRESS_LINE_MAX, MAIL_LIMIT_MESSAGES, MAIL_NAME_MAX } from "#app/domain/shared/postal-limits.ts";
import { hasUnsafeText, unsafeTextMessage } from "#app/domain/shared/text.ts";
import { listedZone } from "#app/domain/shared/time-zone-names.ts";
import { isTimeZone, TIME_ZONE_INVALID } from "#app/domain/shared/time-zone.ts";
import { isUsState } from "#app/domain/shared/us-states.ts";

/** Text a person types and Breeze stores (names, company and address fields): no control or bidi characters. */
const typed = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => !hasUnsafeText(value), unsafeTextMessage("This field"));
const required = (message: string) => typed(message).min(1, message);
const optionalText = (max: number) => typed("This field must be text").max(max).optional();
/** The company's street lines are its return address on mailed letters: Lob's address_line1/2 limit. */
const mailStreet = typed(MAIL_LIMIT_MESSAGES.street).max(MAIL_ADDRESS_LINE_MAX, MAIL_LIMIT_MESSAGES.street).optional();
const digitCount = (value: string) => value.replace(/\D/g, "").length;

export const PASSWORD_MIN = 8;

export const passwordRules = z
  .string({ error: "Password must be at least 8 characters" })
  .min(PASSWORD_MIN, "Password must be at least 8 characters")
  .max(200, "Password must be at most 200 characters")
  .regex(/[A-Za-z]/, "Password must contain at least one letter")
  .regex(/\d/, "Password must contain at least one number");

const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, message)
    .pipe(z.email({ error: message }));

/** One check, so a short number reports its message once: at least 10 digits, at most 30 characters as typed. */
const phoneField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => digitCount(value) >= 10 && value.length <= 30, message);

const stateField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => /^[A-Z]{2}$/.test(value) && isUsState(value), "State must be 2 letters")
  .optional();

const httpsUrlOrEmpty = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === "" || /^https:\/\/[^\s]+$/i.test(value), "Logo URL must be an https URL")
  .optional();

// --- Registration (/register and POST /api/auth/register, snake_case as the API speaks) ---------------------------

export const RegisterStep1Schema = z
  .object({
    full_name: required("Full name is required").max(100, "Full name must be at most 100 characters"),
    email: emailField("Invalid email address"),
    mobile: phoneField("Phone number must be at least 10 digits"),
    password: passwordRules,
    confirm_password: z.string({ error: "Passwords do not match" }),
  })
  .refine((value) => value.password === value.confirm_password, {
    message: "Passwords do not match",
    path: ["confirm_password"],
  });

export const CompanyStepSchema = z.object({
  company_name: required("Company name is required").max(MAIL_NAME_MAX, MAIL_LIMIT_MESSAGES.companyName),
  title: optionalText(100),
  offer_contact_email: emailField("Invalid email address"),
  offer_contact_phone: phoneField("Phone number must be at least 10 digits"),
  address_street1: mailStreet,
  address_street2: mailStreet,
  address_city: optionalText(100),
  address_state: stateField,
  address_postal_code: optionalText(10),
  address_country: z.string().trim().toUpperCase().length(2).default("US"),
  logo_url: httpsUrlOrEmpty,
});

/** /register's step 2: the company, and the server-side draft that holds step 1 (never the password in the page). */
export const RegisterStep2Schema = CompanyStepSchema.and(
  z.object({ draft: z.string({ error: "Please fill in your info again." }).min(1).max(100) }),
);

/** Which schema a /register submission is checked with depends on the button pressed. */
export function registerStepSchema(intent: FormDataEntryValue | null) {
  if (intent === "next") return RegisterStep1Schema;
  if (intent === "back") return z.object({});
  return RegisterStep2Schema;
}

export const RegisterApiSchema = RegisterStep1Schema.and(z.object({ company: CompanyStepSchema }));
export type RegisterInput = z.infer<typeof RegisterApiSchema>;

// --- Sign-in -------------------------------------------------------------------------------------------------------

export const LoginSchema = z.object({
  email: emailField("Please enter a valid email address"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is required"),
  remember: z
    .union([z.boolean(), z.enum(["on", "true", "false"])])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
  next: z.string().max(500).optional(),
});

/** The combined /auth page: sign-in, or sign-up with names (POST /api/signup). */
export const SignupSchema = z.object({
  email: emailField("Please enter a valid email address"),
  password: passwordRules,
  firstName: required("First name is required").max(50, "First name must be at most 50 characters"),
  lastName: required("Last name is required").max(50, "Last name must be at most 50 characters"),
});

// --- Password reset -----------------------------------------------------------------------------------------------

export const ForgotSchema = z.object({ email: emailField("Please enter a valid email address") });

export const ResetSchema = z
  .object({
    token: z.string({ error: "Invalid reset link" }).min(1, "Invalid reset link").max(200, "Invalid reset link"),
    password: passwordRules,
    confirmPassword: z.string({ error: "Passwords do not match" }),
  })
  .refine((value) => value.password === value.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

// --- Profile (camelCase, as PATCH /api/user and /api/company speak) ------------------------------------------------

export const UserInfoSchema = z.object({
  fullName: typed("Full name must be at least 2 characters")
    .min(2, "Full name must be at least 2 characters")
    .max(100, "Full name must be at most 100 characters"),
  email: emailField("Invalid email address"),
  mobileE164: phoneField("Valid phone number required"),
  /** Needed only when the email changes (re-authentication); the service says so when it is missing. */
  currentPassword: z.string().max(200).optional(),
  /**
   * The user's IANA time zone (Today's days, ADR 096); left out, kept. Any name the runtime knows is taken (an API
   * client may send Asia/Kolkata where this runtime lists Asia/Calcutta) and stored as the name the Profile's select
   * lists (ADR 096), so the select always starts on it.
   */
  timeZone: z.string().trim().max(64).refine(isTimeZone, TIME_ZONE_INVALID).transform(listedZone).optional(),
});

export const CompanyInfoSchema = z.object({
  companyName: typed("Company name must be at least 2 characters")
    .min(2, "Company name must be at least 2 characters")
    .max(MAIL_NAME_MAX, MAIL_LIMIT_MESSAGES.companyName),
  title: optionalText(100),
  offerContactEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Invalid email")
    .pipe(z.email({ error: "Invalid email" }))
    .optional(),
  offerContactPhoneE164: z
    .string()
    .trim()
    .max(30, "Valid phone number required")
    .refine((value) => digitCount(value) >= 10, "Valid phone number required")
    .optional(),
  addressStreet1: mailStreet,
  addressStreet2: mailStreet,
  addressCity: optionalText(100),
  addressState: stateField,
  addressPostalCode: optionalText(10),
  addressCountry: z.string().trim().toUpperCase().length(2).optional(),
  logoUrl: httpsUrlOrEmpty,
});

/** POST /api/auth/change-password: { currentPassword, newPassword }, the new one under the registration rules. */
export const ChangePasswordApiSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(200),
  newPassword: passwordRules,
});

/** The Password tab adds the confirmation. */
export const ChangePasswordSchema = ChangePasswordApiSchema.extend({
  confirmPassword: z
    .string({ error: "Password must be at least 8 characters" })
    .min(PASSWORD_MIN, "Password must be at least 8 characters"),
}).refine((value) => value.newPassword === value.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

// --- Contact Us ---------------------------------------------------------------------------------------------------

export const ContactSchema = z.object({
  name: typed("Name must be at least 2 characters")
    .min(2, "Name must be at least 2 characters")
    .max(100, "Name must be at most 100 characters"),
  email: emailField("Invalid email address"),
  phone: phoneField("Valid phone number required"),
  message: typed("Message must be at least 10 characters")
    .min(10, "Message must be at least 10 characters")
    .max(5000, "Message must be at most 5,000 characters"),
});
