import { useLocation, useNavigate } from "@remix-run/react";
import { Link } from "~/components/link";
import { ArrowLeftIcon } from "./icons";

/** "Volver": back in history when the shopper came from inside the shop, else to `fallback`. */
export function BackLink({ fallback = "/#productos" }: { fallback?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Link
      to={fallback}
      className="btn-ghost -ml-3"
      onClick={(event) => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0 && location.key !== "default") {
          event.preventDefault();
          navigate(-1);
        }
      }}
    >
      <ArrowLeftIcon />
      Volver
    </Link>
  );
}
