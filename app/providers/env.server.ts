import { z } from "zod";

import { DEFAULT_OPENAI_MODEL, openAiModelProblem } from "#app/domain/shared/openai-models.ts";
import { DEFAULT_MONTHLY_SPEND_CAP_CENTS, MAX_MONTHLY_SPEND_CAP_CENTS } from "#app/domain/usage/kinds.ts";
import { jsonConfig, UnitCostsOverrideSchema, UsageLimitsOverrideSchema } from "#app/domain/usage/policy.ts";
import { EmailSenderSchema, parseEmailSender } from "#app/providers/email/sender.ts";

/**
 * The Worker's configuration: `vars` in wrangler.jsonc plus secrets (`.dev.vars` locally). Parsed once per isolate
 * (the env object is stable across requests) so a bad deploy fails with a clear message, not deep inside a loader.
 * Each outside service is picked here; the local providers are the defaults, so a fresh clone needs no keys. Lives
 * in providers/ because index.server.ts picks the providers from it; services and workers read it from here (docs/decisions/071-house-layout.md).
 */
/**
 * Domains no email service can verify a sender on: RFC 2606's reserved names (`example.com`/`.net`/`.org`, and the
 * `.example`, `.test`, `.invalid`, `.localhost` top-level domains) and `.local`. Resend sends only `from` a domain
 * verified in the account.
 */
const PLACEHOLDER_EMAIL_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost|local)$/i;

export function isPlaceholderDomain(address: string): boolean {
  return PLACEHOLDER_EMAIL_DOMAIN.test(address.slice(address.lastIndexOf("@") + 1));
}

export const EnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    /** The public origin, used for links in emails; never taken from the Host header. */
    APP_ORIGIN: z.url().default("http://127.0.0.1:8787"),
    SUPPORT_EMAIL: z.email().default("support@breeze.example"),

    PROPERTY_DATA: z.enum(["local", "batchdata"]).default("local"),
    BATCHDATA_API_KEY: z.string().min(1).optional(),
    BATCHDATA_BASE_URL: z.url().default("https://api.batchdata.com"),
    /** How long one BatchData call may take before the search fails (a user is waiting); pages scale it (callTimeoutMs). */
    BATCHDATA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    MAIL: z.enum(["local", "lob"]).default("local"),
    LOB_API_KEY: z.string().min(1).optional(),
    LOB_BASE_URL: z.url().default("https://api.lob.com"),
    LOB_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(20_000),
    /** The wait before a letter Lob did not answer is tried again with its key (three times as long before the last). */
    LOB_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(1_000),
    AI: z.enum(["local", "openai"]).default("local"),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
    /** The model the OpenAI client asks (configuration, not code: the spec's "GPT-4 powered" is wording, not a pin). */
    OPENAI_MODEL: z.string().min(1).default(DEFAULT_OPENAI_MODEL),
    /** How long one model call may take (a user is waiting on it); the SDK retries once within the caller's patience. */
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** One ceiling on every model call's completion tokens instead of each call's own (openai-models.ts); unset keeps those. */
    OPENAI_MAX_COMPLETION_TOKENS: z.coerce.number().int().min(256).max(32_000).optional(),
    EMAIL: z.enum(["local", "http"]).default("local"),
    EMAIL_API_URL: z.url().optional(),
    EMAIL_API_KEY: z.string().min(1).optional(),
    /**
     * The sender of every email: required with EMAIL=http, on a domain verified with the email service (no default);
     * an address or `Name <address>` (email/sender.ts).
     */
    EMAIL_FROM: EmailSenderSchema.optional(),
    MAPS: z.enum(["local", "google"]).default("local"),
    GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),

    /** Caps on metered actions, over the defaults (JSON, docs/decisions/080-usage-ledger-and-caps.md). */
    USAGE_LIMITS: jsonConfig(UsageLimitsOverrideSchema).optional(),
    /** Unit prices in cents at the real vendors, over the defaults (JSON); the local providers cost 0. */
    USAGE_UNIT_COSTS: jsonConfig(UnitCostsOverrideSchema).optional(),
    /** Each user's monthly spend cap until they change it in Usage. */
    MONTHLY_SPEND_CAP_CENTS: z.coerce.number().int().min(0).max(MAX_MONTHLY_SPEND_CAP_CENTS).default(DEFAULT_MONTHLY_SPEND_CAP_CENTS),

    /** Single sign-on (OpenID Connect, authorization code + PKCE): on when the issuer and the client id are set. */
    OIDC_ISSUER: z
      .url()
      .refine((value) => /^https:|^http:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(value), "must be an https URL (http only for localhost)")
      .optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    /** Optional: a public client signs in with PKCE alone. */
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_PROVIDER_NAME: z.string().min(1).max(60).default("Single Sign-On"),
    OIDC_SCOPES: z
      .string()
      .default("openid email profile")
      .refine((value) => value.split(/\s+/).includes("openid"), "must include openid"),
    /** Lets a monitor run /api/health's deep checks (R2, Durable Object) outside local development. */
    HEALTH_TOKEN: z.string().min(32).optional(),
    /** Signs short-lived state such as the single sign-on cookie; at least 32 random characters. */
    SESSION_SECRET: z.string().min(32).optional(),
  })
  .superRefine((env, ctx) => {
    const need = (when: boolean, key: keyof typeof env, why: string) => {
      if (when && !env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when ${why}` });
    };
    need(env.PROPERTY_DATA === "batchdata", "BATCHDATA_API_KEY", "PROPERTY_DATA=batchdata");
    need(env.MAIL === "lob", "LOB_API_KEY", "MAIL=lob");
    need(env.AI === "openai", "OPENAI_API_KEY", "AI=openai");
    need(env.EMAIL === "http", "EMAIL_API_URL", "EMAIL=http");
    need(env.EMAIL === "http", "EMAIL_API_KEY", "EMAIL=http");
    need(env.EMAIL === "http", "EMAIL_FROM", "EMAIL=http (an address on a domain verified with the email service)");
    // The domain is read from the address part, so `Breeze <no-reply@breeze.example>` is refused like the bare address.
    const sender = env.EMAIL_FROM ? parseEmailSender(env.EMAIL_FROM) : null;
    if (env.EMAIL === "http" && sender && isPlaceholderDomain(sender.address)) {
      const message = `EMAIL_FROM (${env.EMAIL_FROM}) must be on a real domain verified with the email service, not a placeholder one`;
      ctx.addIssue({ code: "custom", path: ["EMAIL_FROM"], message });
    }
    need(env.MAPS === "google", "GOOGLE_MAPS_API_KEY", "MAPS=google");
    // A retired or misspelt model would answer 404 on every AI call: refused here, by name; one with a shutdown date
    // announced is logged at startup.
    const model = env.AI === "openai" ? openAiModelProblem(env.OPENAI_MODEL, new Date().toISOString().slice(0, 10)) : null;
    if (model?.kind === "scheduled") console.warn(`OPENAI_MODEL: ${model.message}`);
    else if (model) ctx.addIssue({ code: "custom", path: ["OPENAI_MODEL"], message: model.message });
    need(Boolean(env.OIDC_CLIENT_ID), "OIDC_ISSUER", "OIDC_CLIENT_ID is set");
    need(Boolean(env.OIDC_ISSUER), "OIDC_CLIENT_ID", "OIDC_ISSUER is set");
    need(Boolean(env.OIDC_CLIENT_SECRET && !env.OIDC_CLIENT_ID), "OIDC_ISSUER", "OIDC_CLIENT_SECRET is set");
    // The sign-in state cookie is signed with a key derived from one of the two secrets.
    need(
      Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && !env.OIDC_CLIENT_SECRET),
      "SESSION_SECRET",
      "single sign-on runs without OIDC_CLIENT_SECRET",
    );
  });

export type AppEnv = z.infer<typeof EnvSchema>;

const parsed = new WeakMap<object, AppEnv>();

export function parseEnv(raw: object): AppEnv {
  const cached = parsed.get(raw);
  if (cached) return cached;
  const result = EnvSchema.safeParse(raw);
  if (!result.success) {
    const detail = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid Worker configuration: ${detail}`);
  }
  parsed.set(raw, result.data);
  return result.data;
}
