import type { SectionLoader } from "./types";

/** Filled in by the documents section's work (issue 4). */
export const load: SectionLoader<{ ready: false }> = async () => ({ ready: false });
