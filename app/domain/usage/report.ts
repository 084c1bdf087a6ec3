import type { KindLimits, UsageKind } from "./kinds.ts";

/** A user's usage this month, as GET /api/usage answers it and Profile → Usage shows it. */
export type UsageReport = {
  period: string;
  items: { kind: UsageKind; count: number; costCents: number }[];
  limits: Record<UsageKind, KindLimits>;
  unitCostCents: Record<UsageKind, number>;
  spend: { usedCents: number; capCents: number };
};
