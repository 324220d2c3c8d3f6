import { createContext } from 'react';
import type { Portico } from '@portico/core';

/** The one context Portico uses; read it through the hooks. */
export const PorticoContext = createContext<Portico | null>(null);
