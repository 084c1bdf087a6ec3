import { Badge } from "~/components/ui/badge";
import { statusLabel } from "~/domain/lead-labels";
import { LEAD_STATUS_TONES } from "~/domain/status-tones";

/** A lead's status as a coloured pill; an unknown status looks like "new". */
export function LeadStatusBadge({ status }: { status: string }) {
  return <Badge tone={LEAD_STATUS_TONES[status] ?? LEAD_STATUS_TONES.new}>{statusLabel(status)}</Badge>;
}
