import { Form, useSubmit } from "@remix-run/react";

import { Button } from "./button.tsx";
import { inputClass } from "./input.tsx";

type Option = { value: string; label: string };

/**
 * A section's period filter as a GET form: the period lives in the URL (reload and back work, and it works without
 * JavaScript via Apply); with JavaScript a change applies at once.
 */
export function PeriodSelect({ section, period, options }: { section: string; period: string; options: readonly Option[] }) {
  const submit = useSubmit();
  const id = `${section}-period`;
  return (
    <Form
      method="get"
      action="/"
      className="flex items-end gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <input type="hidden" name="section" value={section} />
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          Period
        </label>
        <select id={id} name="period" defaultValue={period} key={period} className={inputClass()}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </noscript>
    </Form>
  );
}
