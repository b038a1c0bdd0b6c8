/** The port of the SMTP server the e2e specs run (the app under test is started with SMTP_URL pointing at it). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1);
