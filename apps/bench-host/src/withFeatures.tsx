import { historyPlugin } from '@portico/plugin-history';
import { receivePlugin } from '@portico/plugin-receive';
import { sendPlugin } from '@portico/plugin-send';
import { mountWith } from './withPlugins';

// The minimal host plus the account-data features (Activity, Send, Receive): what they add to the first load.
mountWith([historyPlugin, sendPlugin, receivePlugin]);
