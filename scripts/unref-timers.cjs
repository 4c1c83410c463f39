// Preloaded into the Prisma CLI (NODE_OPTIONS=--require): the wasm schema engine leaves
// long timers behind that keep the process alive 10–60 s after it has finished.
// Long timers stop holding the event loop open; short ones behave as usual.
const original = global.setTimeout;
global.setTimeout = function patchedSetTimeout(fn, ms, ...rest) {
  const timer = original(fn, ms, ...rest);
  if (typeof ms === "number" && ms >= 5000 && timer && typeof timer.unref === "function") timer.unref();
  return timer;
};
