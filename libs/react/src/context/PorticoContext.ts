import { createContext } from 'react';
import type { Portico } from '../portico/createPortico';

/** The one context Portico uses; read it through the hooks. */
export const PorticoContext = createContext<Portico | null>(null);
