/**
 * The mails Plaza sends, each as plain text and simple HTML, naming the instance and its address so a
 * reader can tell where the mail comes from. Links always start with PUBLIC_URL.
 */
import { RESET_TOKEN_TTL_MINUTES } from '@plaza/contract';

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

function render(instance: Instance, subject: string, body: Body): RenderedMail {
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
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: <a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b">
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

export const mails = {
  /** The daily digest: what the person missed since the last one (unread notifications, a count of unread messages). */
  notificationDigest(
    instance: Instance,
    to: { fullName: string },
    missed: { lines: string[]; more: number; messages: number },
  ): RenderedMail {
    const paragraphs = [
      ...(missed.messages > 0 ? [`You have ${missed.messages} unread ${missed.messages === 1 ? 'message' : 'messages'}.`] : []),
      ...missed.lines.map((line) => `• ${line}`),
      ...(missed.more > 0 ? [`… and ${missed.more} more.`] : []),
    ];
    return render(instance, `What you missed on ${instance.name}`, {
      greeting: `Hello ${to.fullName},`,
      paragraphs: [`Here is what happened on ${instance.name} since your last digest.`, ...paragraphs],
      action: { label: `Open ${instance.name}`, url: `${instance.publicUrl}/feeds` },
      after: [`You get this mail once a day. Turn it off in Settings → Notifications: ${instance.publicUrl}/settings/notifications`],
    });
  },

  verifyEmail(instance: Instance, to: { fullName: string }, token: string): RenderedMail {
    return render(instance, `Confirm your email address for ${instance.name}`, {
      greeting: `Hello ${to.fullName},`,
      paragraphs: [`Welcome to ${instance.name}! Please confirm that this is your email address.`],
      action: { label: 'Confirm my email address', url: link(instance, '/auth/verify-email', token) },
      after: ['If you did not sign up, you can ignore this mail.'],
    });
  },

  confirmNewEmail(instance: Instance, to: { fullName: string }, token: string): RenderedMail {
    return render(instance, `Confirm your new email address for ${instance.name}`, {
      greeting: `Hello ${to.fullName},`,
      paragraphs: [`You asked to use this address for your ${instance.name} account. It changes once you confirm it.`],
      action: { label: 'Use this email address', url: link(instance, '/auth/verify-email', token) },
      after: ['If you did not ask for this, ignore this mail: nothing changes.'],
    });
  },

  emailChangeNotice(instance: Instance, to: { fullName: string }, newEmail: string, cancelToken: string): RenderedMail {
    return render(instance, `Your ${instance.name} email address is about to change`, {
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `Someone signed in to your ${instance.name} account asked to change its email address to ${newEmail}. It changes only when the link sent to that address is opened.`,
      ],
      action: { label: 'Cancel this change', url: link(instance, '/auth/cancel-email-change', cancelToken) },
      after: ['If this was not you, cancel it and change your password: that ends every other session and voids every link mailed before.'],
    });
  },

  newDeviceSignIn(
    instance: Instance,
    to: { fullName: string },
    from: { device: string; address: string | null; at: string },
  ): RenderedMail {
    const where = from.address ? ` from the address ${from.address}` : '';
    return render(instance, `New sign-in to your ${instance.name} account`, {
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `Your ${instance.name} account was signed in to on ${from.device}${where}, at ${from.at.replace('T', ' ').slice(0, 16)} UTC. It had not been used from there before.`,
        'If this was you, there is nothing to do. If not, sign that session out and change your password: it ends every other session.',
      ],
      action: { label: 'Review where you are signed in', url: `${instance.publicUrl}/settings/security` },
    });
  },

  passkeyAdded(instance: Instance, to: { fullName: string }, passkey: { name: string; at: string }): RenderedMail {
    return render(instance, `A passkey was added to your ${instance.name} account`, {
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `A passkey named "${passkey.name}" was added to your ${instance.name} account at ${passkey.at.replace('T', ' ').slice(0, 16)} UTC. It signs in without your password.`,
        'If this was you, there is nothing to do. If not, remove it, sign the sessions you do not know out and change your password.',
      ],
      action: { label: 'Review your passkeys and sessions', url: `${instance.publicUrl}/settings/security` },
    });
  },

  twoFactorChanged(instance: Instance, to: { fullName: string }, change: { enabled: boolean; at: string }): RenderedMail {
    const state = change.enabled ? 'on' : 'off';
    return render(instance, `Two-factor sign-in was turned ${state} for your ${instance.name} account`, {
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `Two-factor sign-in was turned ${state} for your ${instance.name} account at ${change.at.replace('T', ' ').slice(0, 16)} UTC.`,
        'If this was you, there is nothing to do. If not, someone knows your password: sign the sessions you do not know out and change it.',
      ],
      action: { label: 'Review your security settings', url: `${instance.publicUrl}/settings/security` },
    });
  },

  resetPassword(instance: Instance, to: { fullName: string }, token: string): RenderedMail {
    return render(instance, `Reset your ${instance.name} password`, {
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `Someone asked to reset the password of your ${instance.name} account. The link works once, for ${RESET_TOKEN_TTL_MINUTES} minutes.`,
      ],
      action: { label: 'Choose a new password', url: link(instance, '/auth/reset-password', token) },
      after: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
    });
  },

  exportReady(instance: Instance, to: { fullName: string }): RenderedMail {
    return render(instance, `Your ${instance.name} data is ready to download`, {
      greeting: `Hello ${to.fullName},`,
      paragraphs: [`The copy of your data you asked for is ready. Download it from Settings → Your data within 7 days.`],
      action: { label: 'Open Your data', url: `${instance.publicUrl}/settings/data` },
    });
  },
};
