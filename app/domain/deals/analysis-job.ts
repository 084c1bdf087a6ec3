/**
 * What the Worker and the DealAnalysis Durable Object (workers/deal-analysis.ts) say to each other: the job the Worker
 * hands over, the state the object keeps and streams, and its answer to `start`. Types only, so the service
 * (app/services/deals/analysis.server.ts) and the object both import them from here (docs/decisions/071-house-layout.md).
 */
import type { Reservation } from "#app/domain/usage/reservation.ts";

import type { DealAnalysisInput, DealAnalysisResult } from "./analysis.ts";

/**
 * What the Worker hands over once it has read and valued the property: everything the run needs, nothing more, and
 * the AI call's reserved charge, which the object writes with the result (or gives back when the run fails), and the
 * price of the call's tokens (`tokens`, no units yet: the object has no usage policy of its own), which it counts and
 * writes with the result once the model has reported them.
 */
export type DealAnalysisJob = {
  userId: string;
  propertyId: string;
  compCount: number;
  input: DealAnalysisInput;
  charge?: Reservation;
  tokens?: Reservation;
};

/**
 * How long a run or a stream holds one of the user's concurrent-analysis places: longer than a run may take (the
 * object's 90 s deadline), so a place a dead run left frees itself.
 */
export const ANALYSIS_LEASE_MS = 120_000;

export type DealAnalysisState =
  | { status: "idle" }
  | { status: "running"; runId: string; startedAt: number; progress: number; message: string }
  | { status: "complete"; runId: string; startedAt: number; finishedAt: number; result: DealAnalysisResult }
  | { status: "error"; runId: string; startedAt: number; finishedAt: number; message: string };

export type StartAnswer = { joined: boolean; state: DealAnalysisState };
