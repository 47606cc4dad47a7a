// /demo-login (doc 2): one button; signs in as the premium demo tenant and opens the forum after 1 second.
import { useMutation } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TCurrentUser } from '../../../../domain/accounts';
import { Button } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';
import { useSetSessionUser } from '../session';
import { DEMO_LOGIN_REDIRECT_MS } from '../timings';

export default function DemoLoginPage() {
  const navigate = useNavigate();
  const setSessionUser = useSetSessionUser();
  const [done, setDone] = useState(false);
  const demoLogin = useMutation({
    mutationFn: () =>
      apiRequest<{ success: boolean; user: TCurrentUser }>('POST', '/api/auth/demo-login', {}),
    onSuccess: (reply) => {
      setSessionUser(reply.user);
      setDone(true);
      toast({
        title: 'Demo Login Successful',
        description: "You're now logged in as a premium tenant to test the forum!",
      });
    },
    onError: () =>
      toast({
        title: 'Login Failed',
        description: 'Could not log in with demo account.',
        variant: 'destructive',
      }),
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/forum', { replace: true }), DEMO_LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AuthCard
      icon={<Sparkles className="h-6 w-6" aria-hidden />}
      title="Try Your Place"
      description={
        <p>
          Explore the site as a premium tenant: browse homes, find contractors and join the tenant forum. No
          sign-up and no card needed; demo changes may be reset at any time.
        </p>
      }
      footer={
        <p>
          Want your own account?{' '}
          <Link
            to="/simple-registration"
            className="font-medium text-primary-700 underline-offset-4 hover:underline"
          >
            Sign up free
          </Link>
        </p>
      }
    >
      <Button
        className="w-full"
        size="lg"
        busy={demoLogin.isPending || done}
        onClick={() => demoLogin.mutate()}
      >
        {demoLogin.isPending || done ? 'Logging in...' : 'Login as Demo User'}
      </Button>
    </AuthCard>
  );
}
