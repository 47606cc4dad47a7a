// Playwright global setup: start the mail capture the e2e server sends to (SMTP_URL in scripts/e2e-server.mjs).
// Another Playwright run on this machine may already hold the ports: its capture is shared (each spec reads
// only the mail of its own fresh address), so that is not an error.
import { mailCaptureIsRunning, startMailCapture } from './mail-capture';

export default async function globalSetup() {
  if (await mailCaptureIsRunning()) return;
  const capture = await startMailCapture();
  return async () => {
    await capture.close();
  };
}
