import { APP_ID, DANMAKU_APP_NAME } from '@melon/shared/api/constants';
import { FEEDBACK_VERSION_CODE } from '@melon/shared/contracts/feedback';

/** What the page knows of where it runs: navigator and location, as a browser gives them. */
export interface PageEnvironment {
  userAgent: string;
  language: string;
  href: string;
  /** navigator.connection where the browser has it (Chromium). */
  connection?: { effectiveType?: string; type?: string };
}

/** A phone or tablet by its User-Agent; anything else is a computer. */
const MOBILE = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/;

/**
 * The SPEC's feedback client fields the page can tell (decision 060). web_id is an HttpOnly
 * cookie: the server records it, and reads the system off the User-Agent (os_version) itself.
 */
export function feedbackClientFields(page: PageEnvironment): Record<string, string> {
  const network = page.connection?.type ?? page.connection?.effectiveType;
  return {
    app_name: DANMAKU_APP_NAME,
    aid: String(APP_ID),
    version_code: FEEDBACK_VERSION_CODE,
    language: page.language,
    device_type: MOBILE.test(page.userAgent) ? 'mobile' : 'pc',
    ...(network ? { network_type: network } : {}),
    web_url: page.href.slice(0, 1024),
    web_ua: page.userAgent.slice(0, 512),
  };
}

/** The fields of the page this runs in. */
export function currentClientFields(): Record<string, string> {
  const { connection } = navigator as Navigator & { connection?: PageEnvironment['connection'] };
  return feedbackClientFields({
    userAgent: navigator.userAgent,
    language: navigator.language,
    href: location.href,
    connection,
  });
}
