import type { Db } from "#db/client.ts";
import { createLocalAi } from "#app/providers/ai/local.ts";
import { createOpenAiProvider } from "#app/providers/ai/openai.server.ts";
import type { AiProvider } from "#app/providers/ai/types.ts";
import { createHttpEmail } from "#app/providers/email/http.server.ts";
import { createLocalEmail } from "#app/providers/email/local.server.ts";
import type { EmailProvider } from "#app/providers/email/types.ts";
import type { AppEnv } from "#app/providers/env.server.ts";
import { createLobMail } from "#app/providers/mail/lob.server.ts";
import { createLocalMail } from "#app/providers/mail/local.server.ts";
import type { MailProvider } from "#app/providers/mail/types.ts";
import { createMaps, type MapsProvider } from "#app/providers/maps/index.ts";
import { createBatchDataPropertyData } from "#app/providers/property-data/batchdata.server.ts";
import { createLocalPropertyData } from "#app/providers/property-data/local.server.ts";
import type { PropertyDataProvider } from "#app/providers/property-data/types.ts";

import type { Fetch } from "./http.server.ts";

export type Providers = {
  propertyData: PropertyDataProvider;
  mail: MailProvider;
  ai: AiProvider;
  email: EmailProvider;
  maps: MapsProvider;
};

/** The AI provider alone: the DealAnalysis Durable Object builds it from its own env (it has no R2 in dev). */
export function createAi(env: AppEnv, deps: { fetch?: Fetch } = {}): AiProvider {
  return env.AI === "openai"
    ? createOpenAiProvider({
        apiKey: env.OPENAI_API_KEY!,
        baseUrl: env.OPENAI_BASE_URL,
        model: env.OPENAI_MODEL,
        timeoutMs: env.OPENAI_TIMEOUT_MS,
        maxCompletionTokens: env.OPENAI_MAX_COMPLETION_TOKENS,
        fetch: deps.fetch,
      })
    : createLocalAi();
}

/** Picks each outside service by configuration; the local implementations are the defaults. */
export function createProviders(env: AppEnv, deps: { db: Db; files: R2Bucket; fetch?: Fetch }): Providers {
  return {
    propertyData:
      env.PROPERTY_DATA === "batchdata"
        ? createBatchDataPropertyData({
            apiKey: env.BATCHDATA_API_KEY!,
            baseUrl: env.BATCHDATA_BASE_URL,
            timeoutMs: env.BATCHDATA_TIMEOUT_MS,
            fetch: deps.fetch,
          })
        : createLocalPropertyData(deps.db),
    mail:
      env.MAIL === "lob"
        ? createLobMail({
            apiKey: env.LOB_API_KEY!,
            baseUrl: env.LOB_BASE_URL,
            timeoutMs: env.LOB_TIMEOUT_MS,
            retryDelayMs: env.LOB_RETRY_DELAY_MS,
            fetch: deps.fetch,
          })
        : createLocalMail(deps.db, deps.files),
    ai: createAi(env, deps),
    email:
      env.EMAIL === "http"
        ? createHttpEmail({ url: env.EMAIL_API_URL!, apiKey: env.EMAIL_API_KEY!, from: env.EMAIL_FROM!, fetch: deps.fetch })
        : createLocalEmail(deps.db),
    maps: env.MAPS === "google" ? createMaps({ provider: "google", apiKey: env.GOOGLE_MAPS_API_KEY! }) : createMaps({ provider: "local" }),
  };
}
