import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * Whether a form of this page is on its way: a navigation that posts to `formAction` (by default the
 * action of the route that renders the form) is submitting, or — with `state: "non-idle"`, the
 * default — also loading its answer. One spelling of "is this form busy" for every `<Form>` (the
 * Epic Stack's `useIsPending`); fetchers have their own `fetcher.state`.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  state = "non-idle",
}: { formAction?: string; formMethod?: "POST" | "GET"; state?: "submitting" | "loading" | "non-idle" } = {}) {
  const contextualFormAction = useFormAction();
  const navigation = useNavigation();
  const inState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  return (
    inState && navigation.formAction === (formAction ?? contextualFormAction) && navigation.formMethod === formMethod
  );
}
