// Evaluated right after the test wallet and before the host (see withTestWallet.ts): when the host's script starts.
(window as { benchScriptStart?: number }).benchScriptStart = performance.now();
