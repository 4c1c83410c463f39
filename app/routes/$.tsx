import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Any unknown path: a Spanish 404 inside the shop's layout. */
export function loader() {
  throw new Response("Página no encontrada", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const meta: MetaFunction = () => [
  { title: "Página no encontrada — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];
