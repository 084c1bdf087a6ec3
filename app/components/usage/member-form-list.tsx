import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { buttonClass } from "#app/components/ui/button.tsx";

/**
 * A section of /team with one form a member (each works without JavaScript): a heading, what it sets, and per member
 * the form posting `intent` with their id, the fields `fieldsOf` gives, and a Save button that reads "Saving..." while
 * that member's form of this intent is sent.
 */
export function MemberFormList<M extends { userId: string }>(props: {
  /** The heading's id is `${id}-title`. */
  id: string;
  /** Each member's item's test id. */
  testId: string;
  title: string;
  description: string;
  intent: string;
  members: M[];
  formClassName: string;
  saveLabel: string;
  fieldsOf: (member: M) => ReactNode;
  /** What follows the button in the member's form (its error). */
  afterOf?: (member: M) => ReactNode;
}) {
  const { id, testId, title, description, intent, members, formClassName, saveLabel, fieldsOf, afterOf } = props;
  const navigation = useNavigation();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-600">{description}</p>
      <ul className="divide-y divide-slate-200">
        {members.map((member) => {
          const busy =
            navigation.state === "submitting" &&
            navigation.formData?.get("intent") === intent &&
            navigation.formData.get("userId") === member.userId;
          return (
            <li key={member.userId} data-testid={testId}>
              <Form method="post" className={formClassName}>
                <input type="hidden" name="intent" value={intent} />
                <input type="hidden" name="userId" value={member.userId} />
                {fieldsOf(member)}
                <button type="submit" className={buttonClass("secondary")} disabled={busy}>
                  {busy ? "Saving..." : saveLabel}
                </button>
                {afterOf?.(member)}
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
