import { OCCASIONS, OCCASIONS_SENT } from "~/lib/occasions";
import { ErrorList } from "~/components/form-parts";

/**
 * The product form's occasions (gift intents the search understands and collections filter by): plain
 * checkboxes, with a hidden value so a form with none ticked still says "none".
 */
export function OccasionPicker({ ticked, errors }: { ticked: readonly string[]; errors?: string[] }) {
  return (
    <fieldset className="flex flex-wrap gap-6" data-testid="occasion-picker">
      <legend className="font-serif text-xl text-ink-900">Ocasiones</legend>
      <input type="hidden" name="occasions" value={OCCASIONS_SENT} />
      {OCCASIONS.map((o) => (
        <label key={o.id} className="flex items-center gap-2 text-sm text-ink-800">
          <input
            type="checkbox"
            name="occasions"
            value={o.id}
            defaultChecked={ticked.includes(o.id)}
            className="h-4 w-4"
          />
          {o.label}
        </label>
      ))}
      <ErrorList id="occasions-error" errors={errors} />
    </fieldset>
  );
}
