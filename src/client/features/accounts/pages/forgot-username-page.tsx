import { UserRound } from 'lucide-react';
import { EmailRequestPage } from '../components/email-request-page';

export default function ForgotUsernamePage() {
  return (
    <EmailRequestPage
      endpoint="/api/auth/forgot-username"
      icon={<UserRound className="h-6 w-6" aria-hidden />}
      title="Forgot your username?"
      description="Your username is the email address you signed up with. Enter an address you may have used and we'll send a reminder if it has an account."
      submitLabel="Send Reminder"
      failureMessage="Failed to send username reminder"
      sentTitle="Check your email"
      sentHint="Check your spam folder if it hasn't arrived in a few minutes."
    />
  );
}
