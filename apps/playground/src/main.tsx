import { createKernel } from '@portico/kernel';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { allPlugins } from './allPlugins';

const kernel = createKernel({ plugins: allPlugins, storageKey: 'portico-playground', logLevel: 'warn' });
void kernel.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App kernel={kernel} />
  </StrictMode>,
);
