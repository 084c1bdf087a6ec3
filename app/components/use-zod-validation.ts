import type { Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";

type Validate<S extends z.ZodType> = (context: { formData: FormData }) => Submission<z.input<S>, string[], z.output<S>>;

/**
 * A form's browser-side validation (conform's `onValidate`) with zod and the form's schema loaded after the page is
 * interactive, not with it: zod is the largest library the forms use, and a page's first load stays small
 * (issue 10). Until it has loaded (a few milliseconds after hydration) the form is checked by the server, with the
 * same schema and messages, as it is without JavaScript.
 *
 * `load` answers the schema, or a function choosing it from the submitted fields (register's two steps). For forms
 * that validate on submit; a form that validates each field on blur (contact) keeps its schema in the page.
 */
export function useZodValidation<S extends z.ZodType>(load: () => Promise<S | ((formData: FormData) => S)>): Validate<S> | undefined {
  const [validate, setValidate] = useState<Validate<S>>();
  useEffect(() => {
    let current = true;
    Promise.all([import("@conform-to/zod/v4"), import("zod"), load()]).then(
      ([{ parseWithZod }, { z }, schemaOf]) => {
        // zod probes `new Function` once (a CSP unsafe-eval violation the browser reports); parse without it.
        z.config({ jitless: true });
        const validator: Validate<S> = ({ formData }) =>
          parseWithZod(formData, { schema: typeof schemaOf === "function" ? schemaOf(formData) : schemaOf }) as ReturnType<Validate<S>>;
        if (current) setValidate(() => validator);
      },
      () => undefined, // offline: the server validates
    );
    return () => {
      current = false;
    };
    // `load` is an inline arrow, new on every render: load once per mounted form.
  }, []);
  return validate;
}
