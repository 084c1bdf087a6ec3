import { useNavigation } from "@remix-run/react";

/**
 * While a client-side navigation loads (the session is checked by every loader), a spinner with "Loading..."
 *. Server-rendered pages know the session already, so nothing shows on a first load.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  // Link navigations only: after a form post the page shows its own "Saving..." / "Sending..." state.
  if (navigation.state !== "loading" || navigation.formMethod) return null;
  return (
    <div
      role="status"
      className="fixed top-3 left-1/2 z-[90] flex -translate-x-1/2 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-1.5 text-sm text-slate-700 shadow"
    >
      <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
      Loading...
    </div>
  );
}
