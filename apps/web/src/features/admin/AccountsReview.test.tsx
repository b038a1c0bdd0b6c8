/** The notice on /admin of a server without mail: its settings and command stay whole and left to right. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoMailNotice } from './AccountsReview';

describe('the no-mail notice', () => {
  it('names SMTP_URL with an example, each kept left to right and free to break on a phone', () => {
    render(<NoMailNotice />);
    expect(screen.getByRole('note')).toHaveTextContent('This server cannot send mail yet.');
    for (const text of ['SMTP_URL', 'smtp://user:password@mail.example.com:587', 'npm run admin -- verify <userName>']) {
      const code = screen.getByText(text, { selector: 'code' });
      expect(code).toHaveAttribute('dir', 'ltr');
      expect(code).toHaveClass('[overflow-wrap:anywhere]');
    }
  });
});
