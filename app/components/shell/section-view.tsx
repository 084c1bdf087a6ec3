import type { ComponentProps } from "react";

import type ChatSection from "#app/components/chat/chat-section.tsx";
import type CrmSection from "#app/components/crm/crm-section.tsx";
import type DashboardSection from "#app/components/dashboard/dashboard-section.tsx";
import type PipelineSection from "#app/components/deals/pipeline-section.tsx";
import type DocumentsSection from "#app/components/documents/documents-section.tsx";
import type BuyerBreezeSection from "#app/components/leads/buyer-breeze-section.tsx";
import type MessagesSection from "#app/components/messages/messages-section.tsx";
import type ComingSoonSection from "#app/components/shell/coming-soon-section.tsx";
import type { SectionId } from "#app/domain/shell/sections.ts";
import type { SectionData, SectionPayload } from "#app/services/shell/sections.server.ts";

import { preloadable } from "./lazy.tsx";
import { SECTIONS, type ChunkSource } from "./sections.ts";

/* Each section is a chunk of its own, named by the section table: the shell loads the open section only (the first-load budgets). */
const SECTION_FILES = import.meta.glob("/app/components/*/*-section.tsx");
const chunk = <P extends object>(source: ChunkSource) => preloadable<P>(SECTION_FILES, `/${source}`);

const Chat = chunk<ComponentProps<typeof ChatSection>>(SECTIONS.chat.chunk);
const Crm = chunk<ComponentProps<typeof CrmSection>>(SECTIONS.crm.chunk);
const Pipeline = chunk<ComponentProps<typeof PipelineSection>>(SECTIONS.pipeline.chunk);
const Messages = chunk<ComponentProps<typeof MessagesSection>>(SECTIONS.messages.chunk);
const Documents = chunk<ComponentProps<typeof DocumentsSection>>(SECTIONS.documents.chunk);
const Dashboard = chunk<ComponentProps<typeof DashboardSection>>(SECTIONS.dashboard.chunk);
const BuyerBreeze = chunk<ComponentProps<typeof BuyerBreezeSection>>(SECTIONS["buyer-breeze"].chunk);
// DealTalk and Lock It Up share the placeholder's chunk.
const ComingSoon = chunk<ComponentProps<typeof ComingSoonSection>>(SECTIONS["lock-it-up"].chunk);

type Renderers = { [K in SectionId]: (data: SectionData<K>, userName: string) => JSX.Element };

/** How each section renders its loader's data: a section without an entry, or one too many, is a type error. */
const RENDER: Renderers = {
  chat: (data, userName) => <Chat.Component data={data} userName={userName} />,
  crm: (data) => <Crm.Component data={data} />,
  pipeline: (data) => <Pipeline.Component data={data} />,
  messages: (data) => <Messages.Component data={data} />,
  "buyer-breeze": (data) => <BuyerBreeze.Component data={data} />,
  "deal-talk": () => (
    <ComingSoon.Component title="DealTalk" text="Talk deals with other wholesalers and investors. DealTalk is coming soon." />
  ),
  "lock-it-up": () => (
    <ComingSoon.Component
      title="Lock It Up"
      text="The closing agent that keeps contracts, paperwork and deadlines together until the deal is locked up is coming soon."
    />
  ),
  documents: (data) => <Documents.Component data={data} />,
  dashboard: (data) => <Dashboard.Component data={data} />,
};

function render<K extends SectionId>(payload: { id: K; data: SectionData<K> }, userName: string) {
  return RENDER[payload.id](payload.data, userName);
}

export function SectionView({ payload, userName }: { payload: SectionPayload; userName: string }) {
  return render(payload, userName);
}
