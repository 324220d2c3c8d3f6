import { chainBip122Plugin } from '@portico/chain-bip122';
import { mountWith } from './withPlugins';

mountWith([chainBip122Plugin]);
