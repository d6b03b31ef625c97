import Type, { type Static } from 'typebox';

/*
 * The passport: sign-in, registration, sessions, scan-code and third-party sign-in, captcha
 * (decisions 002, 004, 005). The calls are declared in calls/passport.calls.ts, captcha.calls.ts and
 * oauth.calls.ts; every POST carries the anti-forgery header and accepts JSON or form bodies.
 */

/** Mainland mobile numbers only (SPEC §5). */
export const MOBILE_PATTERN = '^1[3-9][0-9]{9}$';
export const CODE_PATTERN = '^[0-9]{6}$';
/** At least 8 characters with letters and digits. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export const Mobile = Type.String({ pattern: MOBILE_PATTERN });
export const Code = Type.String({ pattern: CODE_PATTERN });
export const Password = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
});
export const Email = Type.String({ format: 'email', maxLength: 254 });

export const CodePurpose = Type.Union([
  Type.Literal('login'),
  Type.Literal('register'),
  Type.Literal('reset'),
]);
export type CodePurpose = Static<typeof CodePurpose>;

/** The signed-in account, as the page needs it. */
export const AccountInfo = Type.Object({
  user_id: Type.String(),
  name: Type.String(),
  avatar_url: Type.String(),
  description: Type.String(),
  /** e.g. 138****8000, or null without a mobile number. */
  mobile: Type.Union([Type.String(), Type.Null()]),
  /** e.g. a***@example.com, or null. */
  email: Type.Union([Type.String(), Type.Null()]),
  has_password: Type.Boolean(),
  /** Third-party platforms bound to the account. */
  bound_platforms: Type.Array(Type.String()),
});
export type AccountInfo = Static<typeof AccountInfo>;

/** sendSmsCode */
export const SendSmsCodeBody = Type.Object({ mobile: Mobile, type: CodePurpose });
/** sendEmailCode (registration only) */
export const SendEmailCodeBody = Type.Object({ email: Email, type: CodePurpose });
/** Answer of both send_code calls: seconds until another code may be asked for. */
export const CodeSent = Type.Object({ retry_after: Type.Integer() });
export type CodeSent = Static<typeof CodeSent>;

/** smsLogin → AccountInfo (creates the account on first use). */
export const SmsLoginBody = Type.Object({ mobile: Mobile, code: Code });
/** passwordLogin → AccountInfo. account: mobile, email or user name. */
export const PasswordLoginBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
});
/** emailRegister → AccountInfo. */
export const EmailRegisterBody = Type.Object({ email: Email, code: Code, password: Password });
/** resetPassword → AccountInfo; ends every other session of the user. */
export const PasswordResetBody = Type.Object({ mobile: Mobile, code: Code, password: Password });

/** Answer of getQrcode: a new scan-code login token and its code. */
export const QrCode = Type.Object({
  token: Type.String(),
  /** The URL the code encodes; a signed-in phone opens it to confirm. */
  qrcode_url: Type.String(),
  /** The code as an SVG document. */
  qrcode_svg: Type.String(),
  expire_in: Type.Integer(),
});
export type QrCode = Static<typeof QrCode>;

export const QrStatus = Type.Union([
  Type.Literal('new'),
  Type.Literal('scanned'),
  Type.Literal('confirmed'),
  Type.Literal('expired'),
]);
export type QrStatus = Static<typeof QrStatus>;

/** Answer of checkQrconnect: on confirmed, this browser is signed in. */
export const QrCheck = Type.Object({
  status: QrStatus,
  account: Type.Union([AccountInfo, Type.Null()]),
});
export type QrCheck = Static<typeof QrCheck>;

/** A scan-code login token as the code carries it. */
const QrToken = Type.String({ minLength: 1, maxLength: 128 });

/** checkQrconnect */
export const QrCheckQuery = Type.Object({ token: QrToken });

export const ScanAction = Type.Union([
  Type.Literal('scan'),
  Type.Literal('confirm'),
  Type.Literal('cancel'),
]);
export type ScanAction = Static<typeof ScanAction>;

/**
 * scanQrcode, by a signed-in phone session. A confirm must say that the phone's user checked
 * the requesting device shown after the scan (`device_checked: true`); without it, refused.
 */
export const ScanQrBody = Type.Object({
  token: QrToken,
  action: ScanAction,
  device_checked: Type.Optional(Type.Boolean()),
});
/** The browser asking to sign in, as the phone is shown it. */
export const QrRequester = Type.Object({
  /** Name and major version, e.g. `Chrome 120`. */
  browser: Type.String(),
  /** e.g. `Windows`, `iOS 17.1`. */
  os: Type.String(),
  /** Rough place: 本地网络, a place name, or the masked address (`203.0.113.*`). */
  place: Type.String(),
});
export type QrRequester = Static<typeof QrRequester>;
/**
 * Answer of scanQrcode: the code's status after the action (scanned, confirmed or expired);
 * the scan also answers who is asking.
 */
export const QrScanResult = Type.Object({
  status: QrStatus,
  device: Type.Optional(QrRequester),
});
export type QrScanResult = Static<typeof QrScanResult>;

/** Answer of getCaptchaChallenge: an ALTCHA proof-of-work challenge. */
export const CaptchaChallenge = Type.Object({
  algorithm: Type.String(),
  challenge: Type.String(),
  maxnumber: Type.Integer(),
  salt: Type.String(),
  signature: Type.String(),
});
export type CaptchaChallenge = Static<typeof CaptchaChallenge>;

/** getSessions: the user centre's list of signed-in devices, last seen first. */
export const SessionEntry = Type.Object({
  session_id: Type.String(),
  /** Seconds since the epoch (SPEC §9). */
  created_at: Type.Integer(),
  /** Seconds since the epoch; updated at most every 10 minutes. */
  last_seen_at: Type.Integer(),
  user_agent: Type.String(),
  ip: Type.String(),
  current: Type.Boolean(),
});
export const SessionList = Type.Object({ list: Type.Array(SessionEntry) });
export type SessionList = Static<typeof SessionList>;
/** revokeSession */
export const RevokeSessionBody = Type.Object({
  session_id: Type.String({ pattern: '^[1-9][0-9]{18}$' }),
});
/** Answer of revoke: current is true when it was this browser's session, now signed out. */
export const SessionRevoked = Type.Object({ current: Type.Boolean() });
export type SessionRevoked = Static<typeof SessionRevoked>;

/** The third-party platforms of SPEC §6. */
export const OAUTH_PLATFORMS = ['douyin', 'qq', 'weixin'] as const;
export type OauthPlatform = (typeof OAUTH_PLATFORMS)[number];

export const OauthPlatformName = Type.Enum(OAUTH_PLATFORMS);
/** Answer of getOauthPlatforms: the platforms this site is configured for. */
export const OauthPlatformList = Type.Object({ platforms: Type.Array(OauthPlatformName) });
export type OauthPlatformList = Static<typeof OauthPlatformList>;

/*
 * Third-party sign-in: oauthLogin redirects to the provider; its callback returns to `service`
 * signed in, or, when the provider's verified mobile number belongs to a Melon account, to the
 * page that asks for an SMS code to that number (and from there, when that account is bound to
 * another account of the platform, to the bind-conflict page).
 */

/**
 * getBindVerification: a platform account whose verified mobile number belongs to a Melon
 * account signs in as it only after an SMS code to that number proves it holds the number.
 */
export const BindVerification = Type.Object({
  platform: Type.String(),
  /** The name of the platform account that just signed in. */
  incoming_name: Type.String(),
  /** The number the code goes to, masked. */
  mobile: Type.String(),
});
export type BindVerification = Static<typeof BindVerification>;

/** confirmBindVerification: the code sent to the number. */
export const ConfirmBindVerificationBody = Type.Object({ code: Code });

/** Answer of confirmBindVerification: where the browser goes now, signed in or not. */
export const BindVerified = Type.Object({
  /** True when this browser is now signed in; false when a bind conflict waits for a choice. */
  signed_in: Type.Boolean(),
  /** A path of this site: `service`, or the bind-conflict page. */
  next: Type.String(),
});
export type BindVerified = Static<typeof BindVerified>;

/** The provider's way back: the platform in the path (a route, not a call of the registry). */
export const OauthCallbackParams = Type.Object({ platform: OauthPlatformName });

/** oauthLogin: the platform, and the path of this site to come back to. */
export const OauthLoginQuery = Type.Object({
  platform: OauthPlatformName,
  service: Type.Optional(Type.String({ maxLength: 2048 })),
});

/** Answer of getBindConflict: the pending conflict of this browser. */
export const BindConflict = Type.Object({
  platform: Type.String(),
  /** The name of the platform account the Melon account is bound to now. */
  bound_name: Type.String(),
  /** The name of the platform account that just signed in. */
  incoming_name: Type.String(),
  /** The Melon account's masked mobile number. */
  mobile: Type.String(),
  /** Where the sign-in started (a path of this site): go there after 'switch'. */
  service: Type.String(),
});
export type BindConflict = Static<typeof BindConflict>;

/**
 * resolveBindConflict: 'switch' binds the incoming platform account
 * instead and signs in (answers AccountInfo); 'unbind' removes the old binding without signing
 * in (answers null). 'Back to log in' needs no call.
 */
export const ResolveBindConflictBody = Type.Object({
  choice: Type.Union([Type.Literal('switch'), Type.Literal('unbind')]),
});
export type ConflictChoice = Static<typeof ResolveBindConflictBody>['choice'];
/** Answer of resolve: the account signed in ('switch'), or null ('unbind'). */
export const BindConflictResolved = Type.Union([AccountInfo, Type.Null()]);
