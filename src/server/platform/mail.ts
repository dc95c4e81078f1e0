import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { officeDateTime } from "../../engine/runtime";
import type { Config } from "./config";
import type { ServerForm } from "../form";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same for a mail sent again (decisions/mail.ts), so that mail programs show it once; nodemailer makes one when absent. */
  messageId?: string;
  /** One of many sent together (a release's decision mails): over connections kept open for the next. */
  bulk?: boolean;
}

export type SendMail = (mail: Mail) => Promise<void>;

/** Real SMTP when a URL is given (smtp://user:pass@host:587); else .eml files in `outbox`. */
function createMailer(options: { from: string; smtpUrl?: string; outbox: string }): SendMail {
  if (options.smtpUrl) {
    // Time limits well within a decision-mail run's (decisions/mail.ts): nodemailer's own wait up to 10 minutes on a silent server.
    const limits = { url: options.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
    // A connection each for account mail, now and then; a release's thousands go over a few kept
    // open, as many as a run sends at once (decisions/mail.ts), without a new greeting each.
    const single = nodemailer.createTransport(limits);
    const pooled = nodemailer.createTransport({ ...limits, pool: true, maxConnections: 8 });
    return async ({ bulk, ...mail }) => {
      await (bulk ? pooled : single).sendMail({ from: options.from, ...mail });
    };
  }
  // The same message an SMTP server would get, so an outbox file opens in any mail program.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  mkdirSync(options.outbox, { recursive: true });
  return async ({ bulk: _bulk, ...mail }) => {
    const info = await transport.sendMail({ from: options.from, ...mail });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
    writeFileSync(join(options.outbox, name), info.message as Buffer);
  };
}

type Institution = ServerForm["form"]["institution"];

/** The server's mail, as the configuration says: from the admission office unless MAIL_FROM, by SMTP or to the outbox. */
export function configuredMailer(config: Config, institution: Institution): SendMail {
  return createMailer({
    from: config.mailFrom ?? `${institution.office_name ?? institution.name} <${institution.contacts.email}>`,
    smtpUrl: config.smtpUrl,
    outbox: join(config.dataDir, "outbox"),
  });
}

/** Where mail goes, for the operator: "by SMTP", or the outbox folder. */
export const mailDestination = (config: Config) => (config.smtpUrl ? "by SMTP" : `outbox: ${join(config.dataDir, "outbox")}`);

export interface Sender {
  institution: string;
  office: string;
  publicUrl: string;
  /** The office's address for applicants' questions. */
  email: string;
  /** The office's time zone (IANA), for the dates and times a mail writes. */
  timeZone: string;
}

export const senderOf = (config: Config, institution: Institution): Sender =>
  ({
    institution: institution.name, office: institution.office_name ?? institution.name, publicUrl: config.publicUrl,
    email: institution.contacts.email, timeZone: institution.time_zone,
  });

const signature = (s: Sender) => `\n\n${s.office}\n${s.institution}\n`;

export const mailTexts = {
  confirmationCode: (s: Sender, code: string): Omit<Mail, "to"> => ({
    subject: `Your ${s.institution} confirmation code: ${code}`,
    text: `Your confirmation code is ${code}.\n\nEnter it on the Confirm Your Account page within 10 minutes: ${s.publicUrl}/confirm\n\nIf you did not create an account, you can ignore this email.${signature(s)}`,
  }),
  alreadyRegistered: (s: Sender): Omit<Mail, "to"> => ({
    subject: `You already have a ${s.institution} account`,
    text: `Someone, probably you, tried to create an account with this email address, but you already have one.\n\nLog in: ${s.publicUrl}/login\nForgot your password? ${s.publicUrl}/forgot\n\nIf this was not you, you can ignore this email; nothing has changed.${signature(s)}`,
  }),
  passwordReset: (s: Sender, username: string, id: string): Omit<Mail, "to"> => ({
    subject: `Reset your ${s.institution} password`,
    text: `To choose a new password, open this link within 30 minutes:\n${s.publicUrl}/reset?${new URLSearchParams({ username, id })}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.${signature(s)}`,
  }),
  /** To the new address of an e-mail change (accounts/own-account.ts). */
  emailChangeCode: (s: Sender, code: string): Omit<Mail, "to"> => ({
    subject: `Confirm your new ${s.institution} email address: ${code}`,
    text: `Your confirmation code is ${code}.\n\nEnter it on your account page within 10 minutes to log in with this email address from now on: ${s.publicUrl}/account\n\nIf you did not ask for this, you can ignore this email; nothing changes.${signature(s)}`,
  }),
  /** To a new address that already has an account: the only place that says so (the answer is the same as for any address). */
  emailChangeTaken: (s: Sender): Omit<Mail, "to"> => ({
    subject: `You already have a ${s.institution} account`,
    text: `Someone, probably you, asked to move another ${s.institution} account to this email address, but this address already has an account of its own, so nothing was changed.\n\nTo use this address, log in with it: ${s.publicUrl}/login\nForgot your password? ${s.publicUrl}/forgot\n\nIf this was not you, you can ignore this email.${signature(s)}`,
  }),
  /** To the old address once the change is made: an account taken over this way is noticed. */
  emailChanged: (s: Sender, { newUsername, at }: { newUsername: string; at: Date }): Omit<Mail, "to"> => ({
    subject: `Your ${s.institution} email address was changed`,
    text: `The email address of your ${s.institution} application account was changed to ${newUsername} on ${officeDateTime(at, s.timeZone)}. From now on, log in with the new address; we will no longer write to this one.\n\nIf you did not do this, write to us at once at ${s.email}.${signature(s)}`,
  }),
  passwordChanged: (s: Sender, at: Date): Omit<Mail, "to"> => ({
    subject: `Your ${s.institution} password was changed`,
    text: `The password of your ${s.institution} application account was changed on ${officeDateTime(at, s.timeZone)}, and you were logged out everywhere else.\n\nIf you did not do this, choose a new password at once: ${s.publicUrl}/forgot\nand write to us at ${s.email}.${signature(s)}`,
  }),
  /**
   * Right after a submit. It holds no answers: a mailbox is read on shared and lost devices, and
   * the answers are one login away (the PDF copy).
   */
  /** The office asked for information (staff/applications.ts): that there is a message, never what it says. */
  informationRequested: (s: Sender): Omit<Mail, "to"> => ({
    subject: `A message about your ${s.institution} application`,
    text: `The ${s.office} has sent you a message about your application.\n\nTo read it and reply, log in at ${s.publicUrl}/login; the message is on the page you see once you are logged in.\n\nFor your privacy, this e-mail does not say what the message is.${signature(s)}`,
  }),
  /** A decision was released (decisions/mail.ts): that there is one, never what it is. */
  decisionAvailable: (s: Sender): Omit<Mail, "to"> => ({
    subject: `An update on your ${s.institution} application`,
    text: `A decision on your application to ${s.institution} is now available.\n\nTo read it, log in at ${s.publicUrl}/login; it is on the page you see once you are logged in.\n\nFor your privacy, this e-mail does not say what the decision is.${signature(s)}`,
  }),
  submissionConfirmation: (s: Sender, { reference, submittedAt }: { reference: string; submittedAt: Date }): Omit<Mail, "to"> => ({
    subject: `We received your application — ${reference}`,
    text: `Thank you for applying to ${s.institution}. We received your application on ${officeDateTime(submittedAt, s.timeZone)}.\n\nYour reference number is ${reference}. Please quote it whenever you contact us about your application.\n\nTo download a PDF copy of your application, log in at ${s.publicUrl}/login; the copy is on the page you see once you are logged in.\n\nQuestions? Write to us at ${s.email}.${signature(s)}`,
  }),
  /**
   * To a staff member whose password is being guessed from many addresses at once (auth/throttle.ts's
   * ceiling): logins from elsewhere wait out the window; their own usual addresses still get in.
   */
  staffLoginStorm: (s: Sender, at: Date): Omit<Mail, "to"> => ({
    subject: `Many wrong passwords for your ${s.institution} admissions office account`,
    text: `Since shortly before ${officeDateTime(at, s.timeZone)}, your admissions office account's password has been tried wrongly from many network addresses. To protect it, logins from addresses you have not used before are refused for the next 15 minutes; from the computers you usually use, you can still log in with your password and your authenticator code.\n\nIf you did not expect this, tell the office's admin.${signature(s)}`,
  }),
  /** To a new staff member: the link is the only secret here; the password and the authenticator are set on the page it opens. */
  staffInvitation: (s: Sender, role: string, link: string): Omit<Mail, "to"> => ({
    subject: `Your ${s.institution} admissions office account`,
    text: `You have been given an account in the ${s.institution} admissions office, with the ${role} role.\n\nTo choose your password and set up your authenticator app, open this link:\n${link}\n\nThe link works once, for 24 hours. If it has expired, ask an admin for a new one.\n\nIf you did not expect this, you can ignore this email.${signature(s)}`,
  }),
};
