import type { ReactNode } from "react";

const ALIGN = { start: "items-start", center: "items-center", end: "items-end" } as const;

/**
 * A section's heading, its one-line description and its actions on the right (wrapping under on a narrow screen).
 * `align="end"` lines the actions up with the description's baseline, for a labelled control (a period select).
 */
export function SectionHeader({
  title,
  description,
  actions,
  align = "start",
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  align?: keyof typeof ALIGN;
}) {
  return (
    <div className={`flex flex-wrap justify-between gap-4 ${ALIGN[align]}`}>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className={`flex flex-wrap gap-2 ${ALIGN[align]}`}>{actions}</div> : null}
    </div>
  );
}
