import type { Db } from "../../db/client";
import type { AppEnv } from "../services/env.server";
import { createLocalAi } from "./ai/local";
import { createOpenAiProvider } from "./ai/openai.server";
import type { AiProvider } from "./ai/types";
import { createHttpEmail } from "./email/http.server";
import { createLocalEmail } from "./email/local.server";
import type { EmailProvider } from "./email/types";
import type { Fetch } from "./http.server";
import { createLobMail } from "./mail/lob.server";
import { createLocalMail } from "./mail/local.server";
import type { MailProvider } from "./mail/types";
import { createMaps, type MapsProvider } from "./maps";
import { createBatchDataPropertyData } from "./property-data/batchdata.server";
import { createLocalPropertyData } from "./property-data/local.server";
import type { PropertyDataProvider } from "./property-data/types";

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
        ? createLobMail({ apiKey: env.LOB_API_KEY!, baseUrl: env.LOB_BASE_URL, timeoutMs: env.LOB_TIMEOUT_MS, fetch: deps.fetch })
        : createLocalMail(deps.db, deps.files),
    ai: createAi(env, deps),
    email:
      env.EMAIL === "http"
        ? createHttpEmail({ url: env.EMAIL_API_URL!, apiKey: env.EMAIL_API_KEY!, from: env.EMAIL_FROM, fetch: deps.fetch })
        : createLocalEmail(deps.db),
    maps: env.MAPS === "google" ? createMaps({ provider: "google", apiKey: env.GOOGLE_MAPS_API_KEY! }) : createMaps({ provider: "local" }),
  };
}
