/** Two-factor sign-in, passkeys and the list of sessions (product.md § Accounts). */
import { z } from 'zod';
import { loginResponseSchema } from './auth';
import { LIMITS } from './constants';

/** How long a sign-in challenge (the step between password and code, or a passkey ceremony) may be answered. */
export const SIGN_IN_CHALLENGE_TTL_SECONDS = 300;
/** Recovery codes handed out when two-factor sign-in is switched on; each works once. */
export const RECOVERY_CODE_COUNT = 10;

const password = z.string().min(1, 'Enter your password').max(LIMITS.password.max);
export const totpCodeSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'));
export const recoveryCodeSchema = z.string().trim().min(8, 'Enter a recovery code').max(32, 'This is not a recovery code');
const challengeSchema = z.string().min(16, 'This sign-in has expired').max(128, 'This sign-in has expired');

export const twoFactorStatusResponseSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export const twoFactorSetupBodySchema = z.object({ password });
export const twoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  secret: z.string().describe('The base32 secret, for typing into an app by hand'),
  otpauthUrl: z.string().describe('The otpauth:// URL an app reads from a QR code'),
});
export const twoFactorEnableBodySchema = z.object({ code: totpCodeSchema });
export const twoFactorEnableResponseSchema = z.object({
  success: z.literal(true),
  recoveryCodes: z.array(z.string()).describe('Shown once; each works once in place of a code'),
});
export const twoFactorDisableBodySchema = z.object({
  password,
  code: z.string().trim().min(6, 'Enter a code from your app or a recovery code').max(32, 'This is not a code'),
});

/** `POST /auth/login` when the account has two-factor sign-in: no tokens yet, a challenge to answer with a code. */
export const twoFactorChallengeResponseSchema = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorChallengeResponseSchema]);

export const loginTwoFactorBodySchema = z
  .object({ challenge: challengeSchema, code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: 'Enter either a code or a recovery code',
    path: ['code'],
  });
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBodySchema>;

const b64url = z.string().min(1).max(4096);
/** The extension outputs WebAuthn defines for these ceremonies; none is read, others are dropped. */
const clientExtensionResultsSchema = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});
/** What `navigator.credentials.get()` answers, as @simplewebauthn/browser encodes it. */
export const passkeyAssertionSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: clientExtensionResultsSchema,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
/** What `navigator.credentials.create()` answers, as @simplewebauthn/browser encodes it. */
export const passkeyAttestationSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: z.string().min(1).max(16384),
    authenticatorData: b64url.optional(),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(8)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
  clientExtensionResults: clientExtensionResultsSchema,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
/** WebAuthn options for the browser (PublicKeyCredentialRequestOptionsJSON or …CreationOptionsJSON). */
export const passkeyOptionsResponseSchema = z.object({
  success: z.literal(true),
  options: z.looseObject({ challenge: z.string() }),
});
export const passkeyLoginBodySchema = z.object({ response: passkeyAssertionSchema });
/**
 * Adding a passkey needs the password, or a sign-in of the last few minutes (`PASSKEY_FRESH_SIGN_IN_MINUTES`):
 * a session alone (a borrowed browser, a stolen token) must not plant one.
 */
export const passkeyRegisterOptionsBodySchema = z.object({ password: password.optional() }).nullish();

/** How recent a sign-in lets a passkey be added without typing the password again. */
export const PASSKEY_FRESH_SIGN_IN_MINUTES = 10;
export const passkeyRegisterBodySchema = z.object({
  name: z.string().trim().min(1, 'Give this passkey a name').max(60, 'At most 60 characters'),
  response: passkeyAttestationSchema,
});
export const passkeySchema = z
  .object({ _id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyResponseSchema = z.object({ success: z.literal(true), passkey: passkeySchema });
export const passkeyListResponseSchema = z.object({ success: z.literal(true), data: z.array(passkeySchema) });
export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const accountSessionSchema = z
  .object({
    _id: z.string(),
    current: z.boolean().describe('The session this request came from'),
    userAgent: z.string().nullable(),
    device: z.string().describe('Browser and system read from the user agent, e.g. "Chrome on Windows"'),
    address: z.string().nullable().describe('The address it signed in from (no place: no GeoIP database here)'),
    createdAt: z.string(),
    lastActiveAt: z.string(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const sessionListResponseSchema = z.object({ success: z.literal(true), data: z.array(accountSessionSchema) });
