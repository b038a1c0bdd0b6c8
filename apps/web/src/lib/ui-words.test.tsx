/** The words shared by the public screens and the app follow the shown language, and come back to English. */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBanner } from '../components/EmptyState';
import { PasswordField } from '../components/Field';
import { errorText } from './error-text';
import { showUiWordsIn, uiWord } from './ui-words';

afterEach(async () => {
  await showUiWordsIn('en');
});

describe('the shared words', () => {
  it('are English until another language is shown', () => {
    expect(uiWord('tryAgain')).toBe('Try again');
    expect(errorText({ error: 'Too Many Requests', message: 'Too Many Requests' }, 'x')).toBe(
      'You are going a little fast. Please wait a moment and try again.',
    );
  });

  it('in Spanish: the retry button, the password eye and the sentence for a server code', async () => {
    await showUiWordsIn('es');
    render(
      <>
        <ErrorBanner message="No se pudo cargar." onRetry={() => {}} />
        <PasswordField label="Contraseña" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar contraseña' })).toBeInTheDocument();
    expect(errorText({ error: 'Service Unavailable', message: 'Service Unavailable' }, 'x')).toBe(
      'El servidor está ocupado. Inténtalo de nuevo en un momento.',
    );
  });

  it('in Arabic, and back to English', async () => {
    await showUiWordsIn('ar');
    expect(uiWord('loading')).toBe('جارٍ التحميل');
    await showUiWordsIn('en');
    expect(uiWord('loading')).toBe('Loading');
  });
});
