// Settings → Privacy (doc 2: "Both are local only; no save call"). Kept in this browser's storage.
import { useEffect, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Select } from '../../../components/ui/input';
import { SettingSwitch } from './notification-settings-card';

const STORAGE_KEY = 'yourplace.privacy';
const VISIBILITY = [
  { value: 'public', label: 'Public - Everyone can see' },
  { value: 'contacts', label: 'Contacts Only' },
  { value: 'private', label: 'Private - Only you' },
] as const;
type Visibility = (typeof VISIBILITY)[number]['value'];

interface PrivacyPreferences {
  profileVisibility: Visibility;
  showOnlineStatus: boolean;
}
const DEFAULTS: PrivacyPreferences = { profileVisibility: 'contacts', showOnlineStatus: true };

function readPreferences(): PrivacyPreferences {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<PrivacyPreferences>;
    return {
      profileVisibility: VISIBILITY.some((v) => v.value === stored.profileVisibility)
        ? (stored.profileVisibility as Visibility)
        : DEFAULTS.profileVisibility,
      showOnlineStatus:
        typeof stored.showOnlineStatus === 'boolean' ? stored.showOnlineStatus : DEFAULTS.showOnlineStatus,
    };
  } catch {
    return DEFAULTS; // storage blocked or corrupted: the defaults
  }
}

export function PrivacyCard() {
  const [preferences, setPreferences] = useState(readPreferences);
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(preferences));
    } catch {
      // storage unavailable (private mode): the choice lasts for this visit
    }
  }, [preferences]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy</CardTitle>
        <CardDescription>These preferences are saved on this device only.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <Field label="Profile Visibility">
          {(field) => (
            <Select
              {...field}
              value={preferences.profileVisibility}
              onChange={(e) =>
                setPreferences((p) => ({ ...p, profileVisibility: e.target.value as Visibility }))
              }
            >
              {VISIBILITY.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <SettingSwitch
          as="div"
          label="Show Online Status"
          description="Let others see when you're active"
          checked={preferences.showOnlineStatus}
          onCheckedChange={(showOnlineStatus) => setPreferences((p) => ({ ...p, showOnlineStatus }))}
        />
      </CardContent>
    </Card>
  );
}
