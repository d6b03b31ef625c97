import { createContext } from 'react-router';
import type { Transport } from '@melon/shared/client/transport';

/** Set by the server for each rendered request; loaders read it to reach the API in-process. */
export const transportContext = createContext<Transport>();
