// Mail and SMS behind interfaces. With no provider configured, messages go to a development outbox:
// the server log plus DATA_DIR/outbox.jsonl. Codes never go back to the client.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(msg: { to: string; subject: string; text: string }): Promise<void>;
}

export interface SmsSender {
  send(msg: { to: string; text: string }): Promise<void>;
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

/** A generic HTTP SMS gateway: POSTs {to, text} as JSON with an optional bearer token. */
export function createWebhookSms(url: string, token?: string): SmsSender {
  return {
    async send({ to, text }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** The development outbox: visible in the log and in DATA_DIR/outbox.jsonl. */
export function createDevOutbox(dataDir: string, log: FastifyBaseLogger): Mailer & SmsSender & { file: string } {
  const file = path.join(dataDir, 'outbox.jsonl');
  const write = (m: OutgoingMessage) => {
    log.info({ outbox: m }, `[outbox] ${m.channel} to ${m.to}: ${m.text}`);
    fs.mkdirSync(dataDir, { recursive: true });
    fs.appendFileSync(file, `${JSON.stringify({ ...m, at: new Date().toISOString() })}\n`);
  };
  return {
    file,
    async send(msg: { to: string; subject?: string; text: string }) {
      write({
        channel: msg.to.includes('@') ? 'email' : 'sms',
        to: msg.to,
        subject: msg.subject ?? '',
        text: msg.text,
      });
    },
  };
}

/** Collects messages in memory (tests hand it in as the mailer and SMS sender). */
export function createMemoryOutbox(): Mailer &
  SmsSender & { messages: OutgoingMessage[]; lastCode(to: string): string } {
  const messages: OutgoingMessage[] = [];
  return {
    messages,
    async send(msg: { to: string; subject?: string; text: string }) {
      messages.push({
        channel: msg.to.includes('@') ? 'email' : 'sms',
        to: msg.to,
        subject: msg.subject ?? '',
        text: msg.text,
      });
    },
    lastCode(to) {
      const m = [...messages].reverse().find((x) => x.to === to);
      const code = m && /\b(\d{6})\b/.exec(m.text)?.[1];
      if (!code) throw new Error(`no code sent to ${to}`);
      return code;
    },
  };
}
