/** A plugin's translate function (`usePluginT`). */
type PluginTranslate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * A failed login step in the user's language: the auth service's known answers (cooldown,
 * wrong or expired code), the frame failing to load, else the message as it came.
 */
export function describeEmailError(error: unknown, p: PluginTranslate): string {
  const message = error instanceof Error ? error.message : String(error);
  const cooldown = /^Please try again after (\d+) seconds?$/.exec(message);
  if (cooldown) return p('email.cooldown', { seconds: cooldown[1]! });
  const invalid = /^Invalid code \((\d+) attempts? left\)$/.exec(message);
  if (invalid) return p('email.otp.invalid', { attempts: invalid[1]! });
  if (message === 'Code expired') return p('email.otp.expired');
  if (message.startsWith('Too many attempts')) return p('email.otp.tooMany');
  if (message === 'Unable to load email login dependency') return p('email.loadFailed');
  if (message === 'Wrong recovery password') return p('email.recovery.wrong');
  return message || 'An error occurred';
}
