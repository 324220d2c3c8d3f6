import { useEffect, useState } from 'react';

type Mail = { id: number; to: string[]; subject: string; text: string; receivedAt: string };

/**
 * The mails the local SMTP catcher holds (`VITE_PORTICO_MAIL` from `npm start`, or `?mail=url`):
 * the e-mail login's device links and passcodes, so a person trying it can read them. Read
 * every 2 s while open.
 */
export function CaughtMail({ url }: { url: string }) {
  const [open, setOpen] = useState(false);
  const [mails, setMails] = useState<Mail[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    let stopped = false;
    const read = () =>
      fetch(`${url}/messages`)
        .then((response) => response.json() as Promise<{ messages: Mail[] }>)
        .then(
          ({ messages }) => void (stopped || (setMails(messages.slice(0, 10)), setError(''))),
          () => void (stopped || setError('The mail catcher is not answering.')),
        );
    void read();
    const timer = setInterval(() => void read(), 2000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [open, url]);
  return (
    <details className="card" onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>Caught mail (local SMTP): e-mail login codes and device links</summary>
      {error ? <p role="alert">{error}</p> : null}
      {mails.length === 0 && !error ? <p>No mail yet. Log in with e-mail from the Connect view.</p> : null}
      <ul aria-label="Caught mail" data-testid="caught-mail">
        {mails.map((mail) => (
          <li key={mail.id}>
            <strong>{mail.subject}</strong> to {mail.to.join(', ')} at {new Date(mail.receivedAt).toLocaleTimeString()}
            <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{mail.text}</pre>
          </li>
        ))}
      </ul>
    </details>
  );
}
