/**
 * The mails Plaza sends, each as plain text and simple HTML, naming the instance and its address so a
 * reader can tell where the mail comes from. Links always start with PUBLIC_URL.
 */
import { RESET_TOKEN_TTL_MINUTES, type Language } from '@plaza/contract';
import { translator, type Translate } from '../texts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Who sends: the product's name and the address people reach this instance at. */
export interface Instance {
  name: string;
  publicUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Body {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

function render(instance: Instance, t: MailTexts, subject: string, body: Body): RenderedMail {
  const host = new URL(instance.publicUrl).host;
  const footer = `${instance.name} · ${instance.publicUrl}`;
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.after ?? []).flatMap((p) => [p, '']),
    '— ',
    footer,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(body.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t('mail.openAddress'))} <a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(t.language)}" dir="${t.language === 'ar' ? 'rtl' : 'ltr'}"><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b">
<div style="max-width:520px;margin:0 auto;padding:32px 16px">
<div style="font-size:20px;font-weight:700;margin-bottom:16px">${escapeHtml(instance.name)}</div>
<div style="background:#fff;border-radius:12px;padding:24px;line-height:1.5">
${p(body.greeting)}${body.paragraphs.map(p).join('')}${button}${(body.after ?? []).map(p).join('')}
</div>
<div style="font-size:12px;color:#71717a;margin-top:16px">${escapeHtml(instance.name)} · <a href="${escapeHtml(instance.publicUrl)}" style="color:#71717a">${escapeHtml(host)}</a></div>
</div></body></html>`;
  return { subject, text, html };
}

const link = (instance: Instance, path: string, token: string) => `${instance.publicUrl}${path}?token=${encodeURIComponent(token)}`;

/** Whom a mail is for: their name, and the language they read Plaza in (a missing text reads in English). */
export interface Recipient {
  fullName: string;
  language: Language;
}

/** A language's texts, and which language it is (the HTML mail says so, and its direction). */
type MailTexts = Translate & { language: Language };
const textsFor = (to: Recipient): MailTexts => Object.assign(translator(to.language), { language: to.language });
const greeting = (t: Translate, to: Recipient) => t('mail.greeting', { name: to.fullName });
const atUtc = (t: Translate, at: string) => t('mail.atUtc', { time: at.replace('T', ' ').slice(0, 16) });

export const mails = {
  /** The daily digest: what the person missed since the last one (unread notifications, a count of unread messages). */
  notificationDigest(instance: Instance, to: Recipient, missed: { lines: string[]; more: number; messages: number }): RenderedMail {
    const t = textsFor(to);
    const name = { instance: instance.name };
    const paragraphs = [
      ...(missed.messages > 0 ? [t('mail.digest.messages', { count: missed.messages })] : []),
      ...missed.lines.map((line) => `• ${line}`),
      ...(missed.more > 0 ? [t('mail.digest.more', { count: missed.more })] : []),
    ];
    return render(instance, t, t('mail.digest.subject', name), {
      greeting: greeting(t, to),
      paragraphs: [t('mail.digest.intro', name), ...paragraphs],
      action: { label: t('mail.digest.action', name), url: `${instance.publicUrl}/feeds` },
      after: [t('mail.digest.footer', { url: `${instance.publicUrl}/settings/notifications` })],
    });
  },

  verifyEmail(instance: Instance, to: Recipient, token: string): RenderedMail {
    const t = textsFor(to);
    const name = { instance: instance.name };
    return render(instance, t, t('mail.verify.subject', name), {
      greeting: greeting(t, to),
      paragraphs: [t('mail.verify.body', name)],
      action: { label: t('mail.verify.action'), url: link(instance, '/auth/verify-email', token) },
      after: [t('mail.verify.after')],
    });
  },

  confirmNewEmail(instance: Instance, to: Recipient, token: string): RenderedMail {
    const t = textsFor(to);
    const name = { instance: instance.name };
    return render(instance, t, t('mail.newEmail.subject', name), {
      greeting: greeting(t, to),
      paragraphs: [t('mail.newEmail.body', name)],
      action: { label: t('mail.newEmail.action'), url: link(instance, '/auth/verify-email', token) },
      after: [t('mail.newEmail.after')],
    });
  },

  emailChangeNotice(instance: Instance, to: Recipient, newEmail: string, cancelToken: string): RenderedMail {
    const t = textsFor(to);
    return render(instance, t, t('mail.emailChange.subject', { instance: instance.name }), {
      greeting: greeting(t, to),
      paragraphs: [t('mail.emailChange.body', { instance: instance.name, email: newEmail })],
      action: { label: t('mail.emailChange.action'), url: link(instance, '/auth/cancel-email-change', cancelToken) },
      after: [t('mail.emailChange.after')],
    });
  },

  newDeviceSignIn(instance: Instance, to: Recipient, from: { device: string; address: string | null; at: string }): RenderedMail {
    const t = textsFor(to);
    const facts = { instance: instance.name, device: from.device, address: from.address ?? '', at: atUtc(t, from.at) };
    return render(instance, t, t('mail.newDevice.subject', { instance: instance.name }), {
      greeting: greeting(t, to),
      paragraphs: [t(from.address ? 'mail.newDevice.bodyFrom' : 'mail.newDevice.body', facts), t('mail.newDevice.after')],
      action: { label: t('mail.newDevice.action'), url: `${instance.publicUrl}/settings/security` },
    });
  },

  passkeyAdded(instance: Instance, to: Recipient, passkey: { name: string; at: string }): RenderedMail {
    const t = textsFor(to);
    return render(instance, t, t('mail.passkey.subject', { instance: instance.name }), {
      greeting: greeting(t, to),
      paragraphs: [
        t('mail.passkey.body', { passkey: passkey.name, instance: instance.name, at: atUtc(t, passkey.at) }),
        t('mail.passkey.after'),
      ],
      action: { label: t('mail.passkey.action'), url: `${instance.publicUrl}/settings/security` },
    });
  },

  twoFactorChanged(instance: Instance, to: Recipient, change: { enabled: boolean; at: string }): RenderedMail {
    const t = textsFor(to);
    const facts = { instance: instance.name, at: atUtc(t, change.at) };
    return render(instance, t, t(change.enabled ? 'mail.twoFactor.subjectOn' : 'mail.twoFactor.subjectOff', facts), {
      greeting: greeting(t, to),
      paragraphs: [t(change.enabled ? 'mail.twoFactor.bodyOn' : 'mail.twoFactor.bodyOff', facts), t('mail.twoFactor.after')],
      action: { label: t('mail.twoFactor.action'), url: `${instance.publicUrl}/settings/security` },
    });
  },

  resetPassword(instance: Instance, to: Recipient, token: string): RenderedMail {
    const t = textsFor(to);
    return render(instance, t, t('mail.reset.subject', { instance: instance.name }), {
      greeting: greeting(t, to),
      paragraphs: [t('mail.reset.body', { instance: instance.name, minutes: RESET_TOKEN_TTL_MINUTES })],
      action: { label: t('mail.reset.action'), url: link(instance, '/auth/reset-password', token) },
      after: [t('mail.reset.after')],
    });
  },

  exportReady(instance: Instance, to: Recipient): RenderedMail {
    const t = textsFor(to);
    return render(instance, t, t('mail.export.subject', { instance: instance.name }), {
      greeting: greeting(t, to),
      paragraphs: [t('mail.export.body')],
      action: { label: t('mail.export.action'), url: `${instance.publicUrl}/settings/data` },
    });
  },
};
