import { Suspense, type ReactNode } from "react";

import type { SectionId } from "#app/domain/shell/sections.ts";
import type { SectionPayload } from "#app/services/sections/index.server.ts";

import { AppShell, type ShellUser } from "./app-shell.tsx";
import { ChunkFallback } from "./lazy.tsx";
import { SectionView } from "./section-view.tsx";

/**
 * The signed-in home: the shell with its section (or, from the route's error boundary, a message in its place).
 * A chunk of its own, so the signed-out landing at the same address loads none of it.
 */
export default function SignedInShell({
  user,
  section,
  supportEmail,
  payload,
  children,
}: {
  user: ShellUser;
  section: SectionId;
  supportEmail: string;
  payload?: SectionPayload;
  children?: ReactNode;
}) {
  return (
    <AppShell user={user} section={section} supportEmail={supportEmail}>
      {payload ? (
        <Suspense fallback={<ChunkFallback />}>
          <SectionView payload={payload} userName={user.displayName} />
        </Suspense>
      ) : (
        children
      )}
    </AppShell>
  );
}
