export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  /** The whole message with quoted-printable decoded. */
  text: string;
  links: string[];
  raw: string;
}
export interface MailServer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** While on, every message is refused with a temporary error (451). */
  setFailing(on: boolean): void;
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}
export interface OidcIdentity {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}
export interface OidcServer {
  issuer: string;
  discoveryUrl: string;
  setIdentity(identity: OidcIdentity): void;
  /** The next authorization ends as if the user pressed "Cancel" (error=access_denied). */
  denyNext(): void;
  close(): Promise<void>;
}
export function decodeQuotedPrintable(text: string): string;
export function parseMail(raw: string, envelopeTo?: string[]): ReceivedMail;
export function startMailServer(options?: { port?: number; dir?: string }): Promise<MailServer>;
export function startOidcServer(options: { port?: number; identity: OidcIdentity }): Promise<OidcServer>;
