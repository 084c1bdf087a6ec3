import type { ComponentProps } from "react";

import { preloadable, type Preloadable } from "~/components/lazy";
import type BuyerBreezeSection from "~/components/sections/buyer-breeze";
import type ChatSection from "~/components/sections/chat";
import type ComingSoonSection from "~/components/sections/coming-soon";
import type CrmSection from "~/components/sections/crm";
import type DashboardSection from "~/components/sections/dashboard";
import type DocumentsSection from "~/components/sections/documents";
import type MessagesSection from "~/components/sections/messages";
import type PipelineSection from "~/components/sections/pipeline";
import { sectionSource } from "~/components/shell/section-sources";
import type { SectionPayload } from "~/services/sections/index.server";
import type { SectionId } from "~/services/sections/types";

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
