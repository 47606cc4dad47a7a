// Settings → Your Data (issue 29 item 4; decision 0054): "Download my data" fetches GET /api/account/export and
// saves it as the file the server names; a refusal (the daily limit, 429) is shown in the server's words.
import { useMutation } from '@tanstack/react-query';
import { DATA_EXPORT_TEXT, DATA_EXPORTS_PER_DAY } from '../../../../domain/data-export';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/feedback';
import { apiFetch, errorMessage, throwIfResNotOk } from '../../../lib/api';

const EXPORT_URL = '/api/account/export';
const FALLBACK_NAME = 'your-place-data.json';

/** The name in Content-Disposition (attachment; filename="…"), or a plain one. */
function filenameOf(res: Response): string {
  const header = res.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? FALLBACK_NAME;
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function downloadMyData(): Promise<string> {
  const res = await apiFetch(EXPORT_URL, { credentials: 'include' });
  await throwIfResNotOk(res);
  const filename = filenameOf(res);
  saveFile(await res.blob(), filename);
  return filename;
}

export function YourDataCard() {
  const download = useMutation({ mutationFn: downloadMyData });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
        <CardDescription>
          Download a copy of everything we hold about you (your account, listings, messages, payments and
          more) as a JSON file. You can do this {DATA_EXPORTS_PER_DAY} times a day; we email you each time.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button
          variant="outline"
          busy={download.isPending}
          onClick={() => download.mutate()}
          className="w-full sm:w-auto"
        >
          {download.isPending ? DATA_EXPORT_TEXT.busy : DATA_EXPORT_TEXT.button}
        </Button>
        {download.isError ? (
          <Alert tone="error" title="Download failed">
            {errorMessage(download.error, DATA_EXPORT_TEXT.failed)}
          </Alert>
        ) : download.isSuccess ? (
          <Alert tone="success">
            Your data was saved as {download.data}. We have emailed you to say a copy was downloaded.
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
