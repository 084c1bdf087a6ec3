import { Badge } from "#app/components/ui/badge.tsx";
import { statusLabel } from "#app/domain/leads/labels.ts";
import { LEAD_STATUS_TONES } from "#app/domain/shared/status-tones.ts";

/** A lead's status as a coloured pill; an unknown status looks like "new". */
export function LeadStatusBadge({ status }: { status: string }) {
  return <Badge tone={LEAD_STATUS_TONES[status] ?? LEAD_STATUS_TONES.new}>{statusLabel(status)}</Badge>;
}
