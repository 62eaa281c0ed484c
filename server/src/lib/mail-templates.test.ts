import { describe, expect, it } from 'vitest';
import { escapeHtml, passwordResetMail } from './mail-templates';
import { msg } from './messages';

const link = 'https://kino.example/reset-password/abc123_-XYZ';

describe('passwordResetMail', () => {
  const mail = passwordResetMail({ username: 'aysel.m', link, validMinutes: 60 });

  it('has the Azerbaijani subject', () => {
    expect(mail.subject).toBe(msg.mail.resetSubject);
    expect(mail.subject).toBe('KinoDost: şifrənin yenilənməsi');
  });

  it('greets by name and carries the link, the validity and the ignore note in text', () => {
    expect(mail.text).toContain('Salam, aysel.m!');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('60 dəqiqə');
    expect(mail.text).toContain('yalnız bir dəfə');
    expect(mail.text).toContain('nəzərə almayın');
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it('carries the same in HTML, with the link as a clickable href', () => {
    expect(mail.html).toContain('<html lang="az">');
    expect(mail.html).toContain('aysel.m');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('60 dəqiqə');
    expect(mail.html).toContain('yalnız bir dəfə');
    expect(mail.html).toContain('nəzərə almayın');
  });

  it('escapes a hostile username and link in HTML', () => {
    const hostile = passwordResetMail({
      username: '<script>alert("x")</script>',
      link: 'https://kino.example/reset-password/t"><img src=x onerror=alert(1)>',
      validMinutes: 60,
    });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain(
      'href="https://kino.example/reset-password/t&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"',
    );
    expect(hostile.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // The plain text part is not HTML and keeps the name as written.
    expect(hostile.text).toContain('Salam, <script>alert("x")</script>!');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
    expect(escapeHtml('Səhər işığı')).toBe('Səhər işığı');
  });
});
