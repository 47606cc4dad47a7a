// The signed-in devices list in Settings (issue 16): each session as a person recognises it.
import { z } from 'zod';

const isoInstant = z.string().describe('ISO 8601 instant');

export const ZSignedInDevice = z
  .object({
    current: z.boolean().describe('The session this request came with'),
    device: z
      .string()
      .describe(
        '"Chrome on Windows", from the browser\'s User-Agent; "Unknown device" when it says nothing we know',
      ),
    ip: z.string().nullable(),
    signedInAt: isoInstant,
    lastActiveAt: isoInstant,
  })
  .meta({ id: 'SignedInDevice' });
export type TSignedInDevice = z.output<typeof ZSignedInDevice>;

/** GET /api/auth/sessions: the sessions in force (most recent first) and how long a session lasts. */
export const ZSignedInDevices = z.object({
  devices: z.array(ZSignedInDevice),
  idleDays: z.number().int().describe('A session ends after this many days unused'),
  maxDays: z.number().int().describe('and after this many days in any case'),
});

/** POST /api/auth/sessions/sign-out-others: how many other sessions ended. */
export const ZSessionsEnded = z.object({ ended: z.number().int() });

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A short, readable name for the device a User-Agent describes. */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
