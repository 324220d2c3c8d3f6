// The auth service under load, shared by `npm run bench`'s embedded-wallet figures
// (tools/benchEmbedded.mjs) and the instances bench (apps/auth-service/bench/instances.ts).

const PROJECT = 'bench';
const HEADERS = { 'content-type': 'application/json', 'x-portico-project': PROJECT };

/** Runs `task(i)` for i < total with `concurrency` at a time; returns each one's milliseconds and the wall time. */
export async function load(total, concurrency, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await task(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

export const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/**
 * The auth service under load at `authUrl` (one instance or a proxy in front of several): new
 * devices confirmed first (prep, not timed), then `logins` timed passcode requests and `logins`
 * timed logins, `concurrency` at a time; each run's latencies and wall time.
 */
export async function loadAuthService({ authUrl, mailUrl, hostOrigin, logins, concurrency }) {
  const call = (path, body) => fetch(`${authUrl}${path}`, { method: 'POST', headers: { ...HEADERS, 'x-portico-origin': hostOrigin }, body: JSON.stringify(body) }).then(async (response) => ({ status: response.status, body: await response.json() }));
  const mailFor = async (email) => {
    for (let tries = 0; tries < 200; tries++) {
      const response = await fetch(`${mailUrl}/messages/latest?to=${encodeURIComponent(email)}`);
      if (response.status === 200) return response.json();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no mail for ${email}`);
  };
  const users = Array.from({ length: logins }, (_, i) => ({ email: `bench-${Date.now()}-${i}@example.com`, deviceId: `bench-device-${String(i).padStart(8, '0')}` }));
  for (const user of users) {
    const { body } = await call('/v1/email/login', user);
    const token = /device\/confirm\?token=([A-Za-z0-9_-]+)/.exec((await mailFor(user.email)).text)[1];
    await fetch(`${authUrl}/device/confirm`, { method: 'POST', body: new URLSearchParams({ token }) });
    user.flowId = body.flowId;
  }
  await fetch(`${mailUrl}/messages`, { method: 'DELETE' });
  const requests = await load(logins, concurrency, async (i) => {
    const answer = await call('/v1/email/login', users[i]);
    if (answer.status !== 200 || answer.body.step !== 'otp') throw new Error(`login start ${answer.status}: ${JSON.stringify(answer.body)}`);
    users[i].flowId = answer.body.flowId;
  });
  for (const user of users) user.code = /\b(\d{6})\b/.exec((await mailFor(user.email)).subject)[1];
  const verified = await load(logins, concurrency, async (i) => {
    const answer = await call('/v1/email/otp', { flowId: users[i].flowId, code: users[i].code });
    if (answer.status !== 200 || typeof answer.body.token !== 'string') throw new Error(`login ${answer.status}: ${JSON.stringify(answer.body)}`);
  });
  return { requests, verified };
}


