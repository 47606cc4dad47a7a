import { KeyRound } from 'lucide-react';
import { EmailRequestPage } from '../components/email-request-page';

export default function ForgotPasswordPage() {
  return (
    <EmailRequestPage
      endpoint="/api/auth/forgot-password"
      icon={<KeyRound className="h-6 w-6" aria-hidden />}
      title="Forgot your password?"
      description="Enter the email address you signed up with and we'll send you a link to choose a new password."
      submitLabel="Send Reset Link"
      failureMessage="Failed to send password reset email"
      sentTitle="Check your email"
      sentHint="The link works once and for 1 hour. Check your spam folder if it hasn't arrived in a few minutes."
    />
  );
}
