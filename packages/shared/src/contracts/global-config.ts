import Type, { type Static } from 'typebox';

/** GET /api/otherv2/global_config: identity and site configuration (SPEC §3). */
export const GlobalConfig = Type.Object({
  id: Type.Union([Type.String(), Type.Null()]),
  webid: Type.String(),
  isWebIdQualified: Type.Boolean(),
  csrfToken: Type.String(),
  apiWebHost: Type.String(),
  ssoHost: Type.String(),
  isBoe: Type.Boolean(),
  isLogin: Type.Boolean(),
  siteConfig: Type.Object({
    searchConfig: Type.Object({ switchHost: Type.String() }),
    ssoConfig: Type.Object({ platform: Type.String() }),
  }),
  experiment: Type.Record(Type.String(), Type.String()),
});
export type GlobalConfig = Static<typeof GlobalConfig>;
