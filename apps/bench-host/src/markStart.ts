// Evaluated first (the first import of the wallet page): when the page's script starts.
(window as { benchScriptStart?: number }).benchScriptStart = performance.now();
