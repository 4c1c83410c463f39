import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { FetcherFlag } from "~/components/fetcher-flag";

/** The shape of a staff action's answer to a fetcher (see `answerRowForm`). */
type RowResult = { ok: boolean; message: string };

/**
 * A small form inside a table row (stock, status, tracking code, role). With JavaScript it posts
 * through a fetcher, so several rows can be changed without leaving the page, and shows the
 * answer next to itself; without JavaScript it is a plain post that comes back to the same page
 * with the message on top.
 */
export function RowForm({
  children,
  className,
  label,
  testId,
}: {
  children: (busy: boolean) => ReactNode;
  className?: string;
  label: string;
  testId?: string;
}) {
  const fetcher = useFetcher<RowResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" preventScrollReset aria-label={label} className={className} data-testid={testId}>
      <FetcherFlag />
      {children(busy)}
      {result ? (
        <span role="status" className={result.ok ? "text-xs text-emerald-800" : "text-xs text-red-800"}>
          {result.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
