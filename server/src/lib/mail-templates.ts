import { msg } from './messages';

/** A rendered mail: subject, plain text and HTML bodies. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML body or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** The password reset mail, in Azerbaijani, with the one-time link. */
export function passwordResetMail(p: { username: string; link: string; validMinutes: number }): MailContent {
  const { username, link, validMinutes } = p;

  const text = [
    `Salam, ${username}!`,
    '',
    'KinoDost hesabınız üçün şifrənin yenilənməsi istənildi.',
    'Yeni şifrə təyin etmək üçün bu keçidi açın:',
    '',
    link,
    '',
    `Keçid ${validMinutes} dəqiqə etibarlıdır və yalnız bir dəfə istifadə oluna bilər.`,
    '',
    'Əgər bu sorğunu siz göndərməmisinizsə, bu məktubu nəzərə almayın: şifrəniz dəyişməyəcək.',
    '',
    'Hörmətlə,',
    'KinoDost komandası',
    '',
  ].join('\n');

  // Both the username (chosen by a person) and the link are escaped: the
  // username could carry markup, and the link goes into an attribute.
  const name = escapeHtml(username);
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="az">
<head><meta charset="utf-8"><title>${escapeHtml(msg.mail.resetSubject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p>Salam, <strong>${name}</strong>!</p>
<p>KinoDost hesabınız üçün şifrənin yenilənməsi istənildi. Yeni şifrə təyin etmək üçün aşağıdakı düyməni basın:</p>
<p style="text-align:center;margin:28px 0"><a href="${href}" style="background:#1976d2;color:#fff;text-decoration:none;padding:12px 24px;border-radius:4px;display:inline-block">Şifrəni yenilə</a></p>
<p>Düymə işləmirsə, bu keçidi brauzerinizə köçürün:<br><a href="${href}">${href}</a></p>
<p>Keçid <strong>${validMinutes} dəqiqə</strong> etibarlıdır və yalnız bir dəfə istifadə oluna bilər.</p>
<p style="color:#666">Əgər bu sorğunu siz göndərməmisinizsə, bu məktubu nəzərə almayın: şifrəniz dəyişməyəcək.</p>
<p>Hörmətlə,<br>KinoDost komandası</p>
</div>
</body>
</html>
`;

  return { subject: msg.mail.resetSubject, text, html };
}
