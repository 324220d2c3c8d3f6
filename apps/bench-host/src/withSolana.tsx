import { chainSolanaPlugin } from '@portico/chain-solana';
import { mountWith } from './withPlugins';

mountWith([chainSolanaPlugin]);
