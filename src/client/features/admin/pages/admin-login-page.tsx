// /admin/login (doc 2 "Admin area"; §8 "Login Failed" / "Login Error"; §9 redirect 100 ms after success).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock, ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { ZEmail } from '../../../../domain/accounts';
import { ADMIN_MESSAGES, type TAdminLoginReply } from '../../../../domain/admin';
import { BRAND_NAME } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { ApiError, apiRequest } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_AUTH_KEY, useAdminAuth } from '../api';

const ADMIN_REDIRECT_MS = 100;
const ZAdminLoginForm = z.object({
  email: ZEmail,
  password: z.string().min(1, 'Password is required'),
});
type TAdminLoginForm = z.infer<typeof ZAdminLoginForm>;

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const form = useForm<TAdminLoginForm>({
    resolver: zodResolver(ZAdminLoginForm),
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (values: TAdminLoginForm) =>
      apiRequest<TAdminLoginReply>('POST', '/api/admin/login', {
        username: values.email,
        password: values.password,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_AUTH_KEY });
      await queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
      toast({ title: 'Welcome back', description: 'Signed in to the admin area.' });
      timer.current = setTimeout(() => navigate('/admin/statistics', { replace: true }), ADMIN_REDIRECT_MS);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status < 500) {
        toast({
          title: 'Login Failed',
          description: error.body?.message || ADMIN_MESSAGES.loginFailed,
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Login Error',
          description: 'Something went wrong. Please try again.',
          variant: 'destructive',
        });
      }
      form.setValue('password', '');
    },
  });

  const auth = useAdminAuth();
  if (auth.data?.isAuthenticated && !login.isSuccess) return <Navigate to="/admin/statistics" replace />;

  const { errors } = form.formState;
  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <div className="flex flex-col items-center text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-900 text-white">
          <Lock className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{BRAND_NAME} admin</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in with your administrator email and password.</p>
      </div>
      <p className="mt-6 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{ADMIN_MESSAGES.notice}</span>
      </p>
      <form
        noValidate
        className="mt-6 space-y-5"
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
      >
        <Field label="Email" error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="username" {...form.register('email')} />}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(field) => (
            <Input
              {...field}
              type="password"
              autoComplete="current-password"
              {...form.register('password')}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" busy={login.isPending || login.isSuccess}>
          {login.isSuccess ? 'Signed in' : 'Sign in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/" className="font-medium text-primary-700 underline-offset-4 hover:underline">
          Back to {BRAND_NAME}
        </Link>
      </p>
    </Card>
  );
}
