import { readAnnouncement, type AnnouncementReading } from './readAnnouncement';

/**
 * EIP-6963's listening half: listens for announcements first, then asks wallets to announce;
 * each announcement is read once as it arrives (`readAnnouncement`) and handed on unchecked.
 * The listener stays until `stop()` (late wallets still arrive). Nothing thrown by the page's
 * objects or by `onReading` escapes into the page's dispatch.
 */
export function listenForAnnouncements(
  target: EventTarget,
  onReading: (reading: AnnouncementReading) => void,
  onIgnored: (reason: string) => void = () => undefined,
): { stop(): void; request(): void } {
  const ignore = quietly(onIgnored);
  const listener = (event: Event) => {
    try {
      let detail: unknown;
      try {
        detail = (event as CustomEvent).detail;
      } catch {
        return ignore('reading event.detail threw');
      }
      const reading = readAnnouncement(detail);
      if (typeof reading === 'string') return ignore(reading);
      onReading(reading);
    } catch {
      ignore('listing the announced wallet failed');
    }
  };
  target.addEventListener('eip6963:announceProvider', listener);
  const request = () => target.dispatchEvent(new Event('eip6963:requestProvider'));
  request();
  return { stop: () => target.removeEventListener('eip6963:announceProvider', listener), request };
}

/** The reporter of ignored announcements, made safe: its failing must not turn an ignored announcement into a page error. */
export function quietly(onIgnored: (reason: string) => void): (reason: string) => void {
  return (reason) => {
    try {
      onIgnored(reason);
    } catch {
      // Nothing to do: the announcement is ignored either way.
    }
  };
}
