import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The names (values and types) a source entry exports, read with the TypeScript checker. */
function exportedNames(entry: string): string[] {
  const file = fileURLToPath(new URL(`../src/${entry}`, import.meta.url));
  const program = ts.createProgram([file], { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, experimentalDecorators: true, emitDecoratorMetadata: true, noEmit: true });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker.getExportsOfModule(symbol).map((s) => s.name).sort();
}

// The plugin author's and the host's API. A name added here is a promise to keep it: add one
// only when a plugin or a host needs it, and say so in the kernel README.
const INDEX = [
  // the kernel and its services
  'createKernel', 'Kernel', 'KernelConfig', 'kernelRefs',
  // writing a plugin
  'defineManifest', 'definePlugin', 'PluginDefinition', 'ViewModule', 'validateManifest', 'Manifest', 'CONTRIBUTION_POINTS', 'ViewRole', 'ApprovalReader',
  'PluginContext', 'PluginInfo', 'retryFailedImport', 'onIdle', 'loadOnce', 'Loader', 'createServiceRef', 'ServiceRef',
  // events, router, alerts
  'EventBus', 'Unsubscribe', 'CloseReason', 'ConnectionStatus', 'PorticoEvents', 'Router', 'RouterState', 'AlertCenter',
  // chains
  'chainAdapterRef', 'defineChainPlugin', 'ChainAdapterParts', 'ChainPluginAdapter', 'AccountIdentity', 'Balance', 'ChainAdapter', 'TokenBalance', 'networkSchema', 'Network',
  'ActivityPage', 'ActivityTransaction', 'Nft', 'formatUnits', 'TransferRequest',
  'Connector', 'ConnectorRegistry', 'RegisteredConnector', 'CONNECTOR_GROUPS', 'AccountType', 'ConnectorGroup', 'ConnectorType',
  'createWalletStandardAdapter', 'LINKED_WALLETS_FEATURE', 'StandardWallet', 'StandardWalletAccount', 'StandardWalletRegistry', 'createWalletSlots', 'WalletSlots',
  'Account', 'ConnectionStore', 'ConnectTicket', 'RecentWallet', 'untilAborted', 'RequestGate', 'RpcRequest',
  // plumbing
  'createMemoryStorage', 'createWebStorage', 'StoragePort', 'Logger', 'createObservable', 'Observable', 'safeParseWith',
  'CACHE_TTL_MS', 'createTtlCache', 'checkImageUrl', 'checkLink', 'isLoopbackHttp', 'isPorticoError', 'PorticoError',
];

describe('the public API of @portico/kernel', () => {
  it('the index exports exactly the listed names, fewer than 80', () => {
    expect(exportedNames('index.ts')).toEqual([...INDEX].sort());
    expect(INDEX.length).toBeLessThan(80);
  });

  it('/caip, /http and /errors export their topic only', () => {
    expect(exportedNames('entries/caip.ts')).toEqual(
      ['CAIP_NAMESPACE', 'Caip122FieldError', 'Caip122Fields', 'CaipAddress', 'CaipNetworkId', 'caip122Header', 'checkCaip122Fields', 'formatCaip122Message', 'isCaip122Current', 'isCaipAddress', 'isCaipNetworkId', 'parseCaipAddress', 'parseCaipNetworkId', 'toCaipAddress'].sort(),
    );
    expect(exportedNames('entries/http.ts')).toEqual(
      ['BodyRequestOptions', 'HttpClient', 'HttpClientOptions', 'JsonRpcError', 'JsonRpcRequestOptions', 'QueryParams', 'RPC_READ_TIMEOUT_MS', 'RequestOptions', 'RpcUnavailableError', 'createHttpClient', 'fetchPublicJson', 'PublicJsonRequest', 'firstAnsweringUrl', 'isEndpointUnreachable', 'jsonRpcRequest', 'readJsonUri'].sort(),
    );
    const errors = exportedNames('entries/errors.ts');
    expect(errors.filter((name) => !/Error$|^(isPorticoError|classifyError|isPlainMessage|toError|ErrorClassification|ErrorKind|PorticoErrorOptions)$/.test(name))).toEqual([]);
    expect(errors).toContain('ConnectCancelledError');
    expect(exportedNames('errors/ProviderRpcError.ts')).toEqual(['ProviderRpcError', 'RPC_ENDPOINT_DOWN_MESSAGE', 'toProviderRpcError']);
  });

  it('every error class a kernel entry point names is thrown somewhere (no dead errors)', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = fileURLToPath(new URL('../src', import.meta.url));
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) sources.push(readFileSync(path, 'utf8'));
      }
    };
    walk(root);
    const text = sources.join('\n');
    const classes = exportedNames('entries/errors.ts').filter((name) => /^[A-Z]\w*Error$/.test(name) && name !== 'PorticoError');
    expect(classes.filter((name) => !new RegExp(`new ${name}\\(`).test(text))).toEqual([]);
  });
});
