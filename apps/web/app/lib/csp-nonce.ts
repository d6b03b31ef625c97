import { createContext, useContext } from 'react';
import { createContext as createRouterContext } from 'react-router';

/** The server's Content-Security-Policy nonce of the response being rendered. */
export const nonceRouterContext = createRouterContext<string>();

/**
 * The nonce for the page's own inline scripts: set around the server render, absent in the
 * browser (the scripts are in the document by then; browsers hide the value anyway).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = (): string | undefined => useContext(NonceContext);
