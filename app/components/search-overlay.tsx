import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { SearchParamsSchema } from "~/lib/search";
import type { loader as searchLoader } from "~/routes/search";
import { CloseIcon } from "./icons";
import { SearchControls } from "./search-controls";
import { SearchResults } from "./search-results";

const DEFAULTS = SearchParamsSchema.parse({});
const TYPING_DELAY_MS = 250;
const EMPTY_PAGE = { products: [], page: 1, hasNext: false, total: 0, suggestion: null, featured: [] };

/**
 * The "Buscar Productos" overlay: a JavaScript enhancement of /search. The header's
 * search link (`data-action="open-search"`) opens it instead of navigating; it submits the same
 * form to the /search loader through a fetcher. A native modal <dialog> keeps focus inside and
 * closes on Escape; closing resets every input and returns focus to the button that opened it.
 */
export function SearchOverlay({ loggedIn }: { loggedIn: boolean }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [term, setTerm] = useState("");
  const fetcher = useFetcher<typeof searchLoader>();
  const location = useLocation();

  const close = useCallback(() => dialogRef.current?.close(), []);

  // Intercept the header's search link before Remix's <Link> navigates (capture phase on window).
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const trigger = (event.target as Element | null)?.closest?.<HTMLElement>('[data-action="open-search"]');
      if (!trigger || !dialogRef.current) return;
      event.preventDefault();
      openerRef.current = trigger;
      dialogRef.current.showModal();
      setOpen(true);
      inputRef.current?.focus();
    }
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, []);

  // Following a result closes the overlay.
  useEffect(() => {
    close();
  }, [location.key, close]);

  function onClose() {
    clearTimeout(timer.current);
    setOpen(false);
    setTerm("");
    setGeneration((g) => g + 1); // remount the inputs: filters and text back to their defaults
    openerRef.current?.focus();
    openerRef.current = null;
  }

  function submit(delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const data = new FormData(form);
      const q = String(data.get("q") ?? "").trim();
      setTerm(q);
      if (q === "") return;
      const query = new URLSearchParams();
      for (const [key, value] of data) if (typeof value === "string" && value !== "") query.set(key, value);
      fetcher.load(`/search?${query}`);
    }, delay);
  }

  const answer = term !== "" && fetcher.data?.params.q === term ? fetcher.data : null;
  const loading = term !== "" && (fetcher.state !== "idle" || fetcher.data?.params.q !== term);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="buscar-titulo"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialogRef.current) close(); // a click on the backdrop
      }}
      className="m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-ivory-50 p-0 backdrop:bg-ink-900/60 sm:mx-auto sm:mt-10 sm:h-auto sm:max-h-[calc(100vh-5rem)] sm:max-w-5xl sm:rounded-sm sm:shadow-2xl"
    >
      <div className="px-4 py-6 sm:px-8 sm:py-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id="buscar-titulo" className="font-serif text-3xl text-ink-900">
            Buscar Productos
          </h2>
          <button type="button" onClick={close} className="btn-ghost -mr-2" aria-label="Cerrar búsqueda">
            <CloseIcon />
          </button>
        </div>
        <form
          ref={formRef}
          method="get"
          action="/search"
          role="search"
          aria-label="Buscar Productos"
          className="mt-6"
          onChange={(event) => {
            const type = (event.target as HTMLInputElement).type;
            submit(type === "search" || type === "number" ? TYPING_DELAY_MS : 0);
          }}
          onSubmit={(event) => {
            event.preventDefault();
            submit(0);
          }}
        >
          <SearchControls key={generation} defaults={DEFAULTS} inputRef={inputRef} />
        </form>
        <div className="mt-8">
          {open ? (
            <SearchResults
              params={answer?.params ?? { ...DEFAULTS, q: term }}
              list={answer?.list ?? EMPTY_PAGE}
              loading={loading}
              loggedIn={loggedIn}
              onSuggestion={(q) => {
                if (!inputRef.current) return;
                inputRef.current.value = q;
                inputRef.current.focus();
                submit(0);
              }}
            />
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
