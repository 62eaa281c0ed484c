import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewsletterMarkdown } from './newsletter-markdown';

describe('NewsletterMarkdown', () => {
  it('renders Markdown: headings below the page h1, emphasis, lists and safe links', () => {
    const { container } = render(
      <NewsletterMarkdown
        content={'# Başlıq\n\n**Qalın** və *kursiv*\n\n- bir\n- iki\n\n[Sayt](https://kinodost.az)'}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Başlıq' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('Qalın');
    expect(container.querySelector('em')).toHaveTextContent('kursiv');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'Sayt' });
    expect(link).toHaveAttribute('href', 'https://kinodost.az');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('never puts a stored <script>, event handler or raw HTML into the page', () => {
    const content = [
      'Salam',
      '',
      '<script>window.__pwned = true</script>',
      '',
      '<img src="x" onerror="window.__pwned = true">',
      '',
      'Mətn <b onclick="window.__pwned = true">qalın</b> son',
      '',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n');
    const { container } = render(<NewsletterMarkdown content={content} />);
    expect(container.querySelector('script, iframe, img, b, [onerror], [onclick]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/<script|onerror|onclick|<iframe/i);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(screen.getByText('Salam')).toBeInTheDocument();
  });

  it('refuses javascript:, vbscript: and data: link and image targets', () => {
    const content = [
      '[Klik](javascript:alert(document.cookie))',
      '[Vb](vbscript:msgbox(1))',
      '[Data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[Qarışıq](JaVaScRiPt:alert(1))',
      '![şəkil](javascript:alert(1))',
    ].join('\n\n');
    const { container } = render(<NewsletterMarkdown content={content} />);
    for (const el of container.querySelectorAll('a, img')) {
      const target = el.getAttribute('href') ?? el.getAttribute('src') ?? '';
      expect(target).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
    expect(container.innerHTML).not.toMatch(/javascript:|vbscript:|data:text/i);
    // What is left is plain text, not a link that goes nowhere.
    expect(screen.getByText('Klik')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Klik' })).not.toBeInTheDocument();
    expect(container.querySelectorAll('a')).toHaveLength(0);
  });
});
