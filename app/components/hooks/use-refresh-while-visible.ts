import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** Revalidates the page's loaders on an interval while the tab is visible and nothing else is loading. */
export function useRefreshWhileVisible(ms: number) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, navigation });
  useEffect(() => {
    latest.current = { revalidator, navigation };
  });
  useEffect(() => {
    const timer = window.setInterval(() => {
      const { revalidator: r, navigation: n } = latest.current;
      if (document.visibilityState === "visible" && r.state === "idle" && n.state === "idle") r.revalidate();
    }, ms);
    return () => window.clearInterval(timer);
  }, [ms]);
}
