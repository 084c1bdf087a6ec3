import { useEffect } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import { capRefusalToast } from "#app/domain/usage/refusal-toast.ts";
import type { WorkbenchActionData } from "#app/domain/workbench/workbench-forms.ts";

/** A refused form's message: in the page before JavaScript runs (no-JS posts), a toast once it does. */
export function ActionError({ actionData }: { actionData: WorkbenchActionData | undefined }) {
  const hydrated = useHydrated();
  const toast = useToast();
  useEffect(() => {
    if (actionData && !actionData.confirmation && hydrated)
      toast(capRefusalToast(actionData) ?? { title: actionData.title, description: actionData.message, variant: "error" });
  }, [actionData, hydrated, toast]);
  // An offer's warnings are the offer steps' to show (with their "Confirm anyway").
  if (!actionData || actionData.confirmation || hydrated) return null;
  return (
    <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      <strong className="font-semibold">{actionData.title}</strong> - {actionData.message}
    </p>
  );
}
