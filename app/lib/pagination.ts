/** Server-side pagination of the admin tables: a 1-based `pagina` query parameter. */

export const ADMIN_PAGE_SIZE = 20;

/** Pages beyond this are refused as the last one (nobody pages through 100 000 rows by hand). */
const MAX_PAGE = 100_000;

/** The page asked for; anything that is not a whole number from 1 up is page 1. */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_PAGE);
}

export type Page<T> = { items: T[]; page: number; pageCount: number; total: number };

/** `skip` and `take` of a page. */
export function pageWindow(page: number, pageSize = ADMIN_PAGE_SIZE) {
  return { skip: (page - 1) * pageSize, take: pageSize };
}

export function pageOf<T>(items: T[], total: number, page: number, pageSize = ADMIN_PAGE_SIZE): Page<T> {
  return { items, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), total };
}
