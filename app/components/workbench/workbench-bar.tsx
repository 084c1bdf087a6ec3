import { useNavigate } from "@remix-run/react";
import type { ComponentProps } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import type { MoveIntent } from "#app/domain/workbench/workbench-forms.ts";
import { barButtons, moveOn, workbenchHref } from "#app/domain/workbench/workbench-rules.ts";

import { ActionBar } from "./action-bar.tsx";
import { useStoredLeadQueue } from "./use-stored-queue.ts";

/**
 * The bottom bar for the lead on screen. A lead counts as worked once it is in the CRM or marked in the browser's
 * stored queue; with JavaScript, Next Lead and Pass move on in the page (a toast says where), without it they post.
 */
export function WorkbenchBar({
  leadId,
  vendor,
  saved,
  index,
  total,
  requestId,
  request,
  wizardHref,
}: Omit<ComponentProps<typeof ActionBar>, "buttons" | "onMove"> & { saved: boolean; total: number; requestId: string }) {
  const hydrated = useHydrated();
  const stored = useStoredLeadQueue();
  const navigate = useNavigate();
  const toast = useToast();
  const worked = saved || (stored?.requestId === requestId && stored.worked.includes(leadId));

  function move(intent: MoveIntent) {
    const next = moveOn(intent, index, total);
    if (next.index !== index) navigate(workbenchHref(next.index, { request }));
    window.scrollTo({ top: 0 });
    toast({ ...next.toast, variant: "info" });
  }

  return (
    <ActionBar
      leadId={leadId}
      vendor={vendor}
      index={index}
      buttons={barButtons({ worked, index, total })}
      request={request}
      onMove={hydrated ? move : undefined}
      wizardHref={wizardHref}
    />
  );
}
