import type { Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";

type Validate<S extends z.ZodType> = (context: { formData: FormData }) => Submission<z.input<S>, string[], z.output<S>>;

/** Signs that the user is about to use the page's form (a tap, a key, a field taking focus). */
const INTENT_EVENTS = ["pointerdown", "touchstart", "keydown", "focusin"] as const;

/**
 * A form's browser-side validation (conform's `onValidate`) with zod and the form's schema loaded once the user starts
 * using the page (first tap, key or focus), not with it: zod is the largest library the forms use (about 100 kB of
 * script to evaluate with the schemas, a long task on a phone right after hydration), and a page's first load stays
 * small. Until it has loaded the form is checked by the server, with the same schema and messages, as it
 * is without JavaScript.
 *
 * `load` answers the schema, or a function choosing it from the submitted fields (register's two steps). For forms
 * that validate on submit; a form that validates each field on blur (contact) keeps its schema in the page.
 */
export function useZodValidation<S extends z.ZodType>(load: () => Promise<S | ((formData: FormData) => S)>): Validate<S> | undefined {
  const [validate, setValidate] = useState<Validate<S>>();
  useEffect(() => {
    let current = true;
    const stop = () => {
      for (const event of INTENT_EVENTS) window.removeEventListener(event, start, true);
    };
    function start() {
      stop();
      import("zod")
        .then(({ z }) => {
          // zod probes `new Function` when a schema is built (a CSP unsafe-eval violation the browser reports): turn the
          // probe off before the form's schemas are evaluated.
          z.config({ jitless: true });
          return Promise.all([import("@conform-to/zod/v4"), load()]);
        })
        .then(
          ([{ parseWithZod }, schemaOf]) => {
            const validator: Validate<S> = ({ formData }) =>
              // Conform's parseWithZod overloads cannot follow a schema chosen at run time; the result is its Submission.
              parseWithZod(formData, { schema: typeof schemaOf === "function" ? schemaOf(formData) : schemaOf }) as ReturnType<Validate<S>>;
            if (current) setValidate(() => validator);
          },
          () => undefined, // offline: the server validates
        );
    }
    for (const event of INTENT_EVENTS) window.addEventListener(event, start, { capture: true, passive: true });
    return () => {
      current = false;
      stop();
    };
    // `load` is an inline arrow, new on every render: load once per mounted form.
  }, []);
  return validate;
}
