import type { ComponentProps } from "react";

import type BuyerBreezeSection from "#app/components/sections/buyer-breeze.tsx";
import type ChatSection from "#app/components/sections/chat.tsx";
import type ComingSoonSection from "#app/components/sections/coming-soon.tsx";
import type CrmSection from "#app/components/sections/crm.tsx";
import type DashboardSection from "#app/components/sections/dashboard.tsx";
import type DocumentsSection from "#app/components/sections/documents.tsx";
import type MessagesSection from "#app/components/sections/messages.tsx";
import type PipelineSection from "#app/components/sections/pipeline.tsx";
import type { SectionPayload } from "#app/services/sections/index.server.ts";
import type { SectionId } from "#app/services/sections/types.ts";

import { preloadable, type Preloadable } from "./lazy.tsx";
import { sectionSource } from "./section-sources.ts";

/* Each section is a chunk of its own: the shell loads the open section only (issue 10's first-load budgets). */
const SECTION_FILES = import.meta.glob("/app/components/sections/*.tsx");

const Chat = preloadable<ComponentProps<typeof ChatSection>>(SECTION_FILES, "/app/components/sections/chat.tsx");
const Crm = preloadable<ComponentProps<typeof CrmSection>>(SECTION_FILES, "/app/components/sections/crm.tsx");
const Pipeline = preloadable<ComponentProps<typeof PipelineSection>>(SECTION_FILES, "/app/components/sections/pipeline.tsx");
const Messages = preloadable<ComponentProps<typeof MessagesSection>>(SECTION_FILES, "/app/components/sections/messages.tsx");
const Documents = preloadable<ComponentProps<typeof DocumentsSection>>(SECTION_FILES, "/app/components/sections/documents.tsx");
const Dashboard = preloadable<ComponentProps<typeof DashboardSection>>(SECTION_FILES, "/app/components/sections/dashboard.tsx");
const BuyerBreeze = preloadable<ComponentProps<typeof BuyerBreezeSection>>(SECTION_FILES, "/app/components/sections/buyer-breeze.tsx");
const ComingSoon = preloadable<ComponentProps<typeof ComingSoonSection>>(SECTION_FILES, "/app/components/sections/coming-soon.tsx");

const SECTION_MODULES: Record<SectionId, Pick<Preloadable<object>, "source">> = {
  chat: Chat,
  crm: Crm,
  pipeline: Pipeline,
  messages: Messages,
  documents: Documents,
  dashboard: Dashboard,
  "buyer-breeze": BuyerBreeze,
  "lock-it-up": ComingSoon,
  "deal-talk": ComingSoon,
};

// The route preloads sections by section-sources.ts's paths (it cannot carry this module): they must agree.
for (const [section, module] of Object.entries(SECTION_MODULES)) {
  if (module.source !== sectionSource(section as SectionId)) throw new Error(`section-sources.ts names the wrong file for ${section}`);
}

export function SectionView({ payload, userName }: { payload: SectionPayload; userName: string }) {
  switch (payload.id) {
    case "chat":
      return <Chat.Component data={payload.data} userName={userName} />;
    case "crm":
      return <Crm.Component data={payload.data} />;
    case "pipeline":
      return <Pipeline.Component data={payload.data} />;
    case "messages":
      return <Messages.Component data={payload.data} />;
    case "documents":
      return <Documents.Component data={payload.data} />;
    case "dashboard":
      return <Dashboard.Component data={payload.data} />;
    case "buyer-breeze":
      return <BuyerBreeze.Component data={payload.data} />;
    case "lock-it-up":
      return (
        <ComingSoon.Component
          title="Lock It Up"
          text="The closing agent that keeps contracts, paperwork and deadlines together until the deal is locked up is coming soon."
        />
      );
    case "deal-talk":
      return <ComingSoon.Component title="DealTalk" text="Talk deals with other wholesalers and investors. DealTalk is coming soon." />;
  }
}
