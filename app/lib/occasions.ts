/**
 * Occasions and gift intents: tags staff set on products in the product editor. Their words join the
 * product's search text (the migration `occasion_tags` lists them, with other names shoppers type), so
 * "regalo para mamá" or "xv años" finds the tagged pieces; collections filter by them (`ocasion=`).
 * docs/decisions/055-occasion-tags.md
 */
export const OCCASIONS = [
  { id: "regalo-para-mama", label: "Regalo para mamá" },
  { id: "aniversario", label: "Aniversario" },
  { id: "compromiso", label: "Compromiso" },
  { id: "xv-anos", label: "XV años" },
  { id: "bautizo", label: "Bautizo" },
  { id: "primera-comunion", label: "Primera comunión" },
  // The home page's Christmas gift edit (./seasons.ts) shows the pieces staff tag with it.
  { id: "navidad", label: "Regalo de Navidad" },
] as const;

export type OccasionId = (typeof OCCASIONS)[number]["id"];

export const OCCASION_IDS = OCCASIONS.map((o) => o.id) as [OccasionId, ...OccasionId[]];

export function isOccasionId(value: unknown): value is OccasionId {
  return (OCCASION_IDS as readonly unknown[]).includes(value);
}

export function occasionLabel(id: OccasionId): string {
  return OCCASIONS.find((o) => o.id === id)!.label;
}

/**
 * The product form always sends this value among its occasion checkboxes, so "no occasion ticked" is
 * told apart from a writer that says nothing about occasions (the catalogue import), which keeps them.
 */
export const OCCASIONS_SENT = "-";
