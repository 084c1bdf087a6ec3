import type { ComponentProps } from "react";

import { AppShell } from "./app-shell.tsx";

/**
 * The signed-in home: the shell around its section (or, from the route's error boundary, a message in its place).
 * A chunk of its own, so the signed-out landing at the same address loads none of it. The route renders the section
 * and hands in the sidebar's items, from the section table it holds (shell/sections.ts, section-view.tsx): this chunk
 * imports nothing the route's chunk holds, which would make the build split the route into a facade and a chunk.
 */
export default function SignedInShell(props: ComponentProps<typeof AppShell>) {
  return <AppShell {...props} />;
}
