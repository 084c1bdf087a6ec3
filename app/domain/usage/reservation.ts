import type { UsageKind } from "./kinds.ts";
import type { UsageWindow } from "./windows.ts";

/**
 * Units of a paid action counted against the caps before the action runs (app/services/usage/caps.server.ts). Plain
 * data, so it travels with a job to the Durable Object that finishes the action and writes its charge.
 */
export type Reservation = {
  /** The workspace charged (its id is the column every business table is scoped by). */
  userId: string;
  /** The member who spends it: their own cap is checked, and the ledger row names them. */
  memberId: string;
  kind: UsageKind;
  quantity: number;
  unitCostMicrocents: number;
  provider: string;
  /** The window starts the units were counted in: a release takes them back only from those windows. */
  starts: Record<UsageWindow, number>;
};
