/**
 * The wizard's state with JavaScript: the step, the answers and their errors, the count, and the submit handler that
 * moves between steps by the same rules as the server, checks the count and runs the search.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import { useToast } from "#app/components/ui/toast.tsx";
import { countErrors, stepErrors, type WizardAnswers, type WizardErrors, type WizardField } from "#app/domain/chat/wizard.ts";
import type { WizardCount, WizardView } from "#app/services/chat/chat-section.server.ts";

import { checkCount, findBuyers, findSellers } from "./search-flow.ts";

export type WizardBusy = null | "count" | "search";

export function useWizardForm({
  view,
  agent,
  conversationId,
  onClose,
}: {
  view: WizardView;
  agent: string;
  conversationId: string | null;
  onClose?: () => void;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const { kind } = view;
  const [step, setStep] = useState(view.step);
  const [answers, setAnswers] = useState<WizardAnswers>(view.answers);
  const [errors, setErrors] = useState<WizardErrors>(view.errors);
  const [count, setCount] = useState<WizardCount | null>(view.count);
  const [busy, setBusy] = useState<WizardBusy>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A step changed in place: take the keyboard and screen reader to its heading.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const set = (field: WizardField) => (value: string) => {
    setAnswers((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
    setCount(null);
  };

  function goTo(next: number) {
    moved.current = true;
    setStep(next);
    setErrors({});
    setCount(null);
  }

  function refuse(refused: { step: number; errors: WizardErrors }) {
    if (refused.step !== step) goTo(refused.step);
    setErrors(refused.errors);
    const first = Object.keys(refused.errors)[0];
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // React types a form's nativeEvent as a plain Event; a submit event is the DOM's SubmitEvent.
    const { submitter } = event.nativeEvent as SubmitEvent;
    const button = submitter instanceof HTMLButtonElement ? submitter : null;
    const name = button?.name;
    const value = button?.value ?? "";
    // Save search posts the form to /saved-searches as it is (the same with or without JavaScript).
    if (value === "save" && !busy) return;
    event.preventDefault();
    if (busy) return;
    if (name === "step") {
      const target = Number(value);
      if (target < step) return goTo(target);
      const refused = stepErrors(kind, step, answers);
      if (Object.keys(refused).length > 0) return refuse({ step, errors: refused });
      return goTo(target);
    }
    const refused = countErrors(kind, answers);
    if (refused) return refuse(refused);
    if (value === "count") {
      setBusy("count");
      setCount(null);
      setCount(await checkCount(kind, answers));
      setBusy(null);
      return;
    }
    setBusy("search");
    const deps = { conversationId, agent, toast, navigate: (to: string) => navigate(to) };
    try {
      await (kind === "seller" ? findSellers : findBuyers)(answers, deps);
      // The results (or the explanation) arrive in the chat one by one; the wizard's work is done.
      onClose?.();
    } finally {
      setBusy(null);
    }
  }

  return { step, answers, errors, count, busy, heading, set, onSubmit };
}
