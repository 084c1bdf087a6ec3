import { Badge } from "#app/components/ui/badge.tsx";
import { statusWithGroup } from "#app/domain/leads/status-groups.ts";
import { LEAD_STATUS_TONES } from "#app/domain/shared/status-tones.ts";

/** A lead's status as a coloured pill, with the filter it is found under ("Offer Sent · Contacted"); an unknown status looks like "new". */
export function LeadStatusBadge({ status }: { status: string }) {
  return <Badge tone={LEAD_STATUS_TONES[status] ?? LEAD_STATUS_TONES.new}>{statusWithGroup(status)}</Badge>;
}
