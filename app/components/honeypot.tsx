import { useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The browser half of the honeypot, in every form anonymous visitors can send (with
 * `checkHoneypot` in the action): moved off screen and out of the tab order, hidden from
 * assistive technology, so only bots that fill every input fill it in.
 */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>No llenes este campo</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
