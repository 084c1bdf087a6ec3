import type { KindLimits, UsageKind } from "./kinds.ts";

/** A user's usage this month, as GET /api/usage answers it and Profile → Usage shows it. */
export type UsageReport = {
  period: string;
  items: { kind: UsageKind; count: number; costCents: number }[];
  limits: Record<UsageKind, KindLimits>;
  unitCostCents: Record<UsageKind, number>;
  spend: { usedCents: number; capCents: number };
};

/** One member's spend this month, as Profile → Usage shows it to the owner: counts of each kind, the total, their cap. */
export type MemberSpend = {
  memberId: string;
  name: string;
  counts: Record<UsageKind, number>;
  usedCents: number;
  /** Their own monthly spend cap in cents; null is no member cap (the workspace's cap still holds). */
  capCents: number | null;
};
