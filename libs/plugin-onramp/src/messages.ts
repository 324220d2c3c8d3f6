import { definePluginMessages } from '@portico/react';

/** The Buy view's own strings, in every language the modal ships. */
export const messages = definePluginMessages({
  en: {
    'onramp.amount': 'Amount',
    'onramp.currency': 'Currency',
    'onramp.providers': 'Buy {symbol} with',
    'onramp.quote': '≈ {amount} {symbol}',
    'onramp.fee': 'Fee {fee}',
    'onramp.feeRange': 'Fee 1–2 %',
    'onramp.quoting': 'Getting quotes…',
    'onramp.noQuote': 'No quote',
    'onramp.opening': 'Opening {provider}…',
    'onramp.inProgress': 'Buy in progress',
    'onramp.inProgressHint': 'Finish your purchase in the {provider} window. Your balance updates here when the {symbol} arrives.',
    'onramp.openAgain': 'Open {provider} again',
    'onramp.popupBlocked': 'Your browser blocked the {provider} window.',
    'onramp.stop': 'Stop waiting',
    'onramp.arrived': '{amount} {symbol} arrived',
    'onramp.done': 'Done',
    'onramp.unavailable': 'Buying crypto is not available for this account.',
    'onramp.restricted': 'Buying crypto is not available in your region.',
    'onramp.error.amount': 'Enter an amount above 0 with at most 2 decimals.',
    'onramp.error.open': '{provider} could not be opened: {reason}',
    'onramp.error.quotes': 'Quotes are not available right now ({reason}); the providers’ fees are 1–2 %.',
  },
});
