/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// The app runs with `future.v3_singleFetch` (remix.config.js). Opting the types in too makes
// `useLoaderData<typeof loader>()` describe what single fetch really sends: `data()` unwrapped,
// Dates and Maps kept, so loaders' consumers need neither casts nor restated shapes.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// A module (not a global script), so the block above augments the package instead of replacing it.
export {};
