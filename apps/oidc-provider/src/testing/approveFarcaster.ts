/**
 * Answers a Sign In With Farcaster channel as a person in the Farcaster app would, without a
 * browser: opens the channel's URL (what the QR code carries) on the stand-in and submits its
 * form as `username` (`cancel`: turns it down). Returns the page's status and text. For Node
 * tests; the browser tests open the same page in Chromium.
 */
export async function approveFarcaster(channelUrl: string, username: string, action: 'approve' | 'cancel' = 'approve') {
  const shown = await fetch(channelUrl);
  if (shown.status !== 200) return { status: shown.status, text: await shown.text() };
  await shown.text();
  const answer = await fetch(channelUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, action }).toString() });
  return { status: answer.status, text: await answer.text() };
}
