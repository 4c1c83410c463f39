import { createContext, useContext } from "react";

/** The per-response CSP nonce, provided on the server; empty in the browser (not needed there). */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
