import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current request. Set on the server in entry.server;
 * browsers hide nonce attributes from scripts, so on the client it is "".
 */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
