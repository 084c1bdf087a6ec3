import { useEffect, useRef } from "react";

/** Scrolls the returned element into view when the count grows (a message arrived), never on the first render. */
export function useScrollToEnd(count: number) {
  const end = useRef<HTMLDivElement>(null);
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) end.current?.scrollIntoView({ block: "nearest" });
    seen.current = count;
  }, [count]);
  return end;
}
