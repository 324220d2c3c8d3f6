import nodemailer from 'nodemailer';

/** Sends the service's mails. */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** Options of `createSmtpMailer`. */
export interface SmtpMailerOptions {
  host: string;
  port: number;
  /** The sender, e.g. `Portico <no-reply@portico.test>`. */
  from: string;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure?: boolean;
  auth?: { user: string; pass: string };
}

/** A mailer over SMTP with nodemailer (the local catcher in development and the tests). */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure ?? false,
    ...(options.auth ? { auth: options.auth } : {}),
    // A loopback catcher speaks no TLS.
    ignoreTLS: options.host === '127.0.0.1' || options.host === 'localhost',
  });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from: options.from, to, subject, text });
    },
    close: () => transport.close(),
  };
}
